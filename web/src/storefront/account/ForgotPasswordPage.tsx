import { customerMessages, passwordResetHours, shopRoutes as routes } from '@tillbook/contract';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { Field, formValues } from './Field.tsx';
import { useSubmit } from './use-submit.ts';
import './account.css';

const labels = { email: 'Email' };

/**
 * Asks for a password-recovery link. The server answers the same whether or not the address has an
 * account, and so does this page: 'Check your email for next step'.
 */
export function ForgotPasswordPage() {
  const { busy, errors, setErrors, run } = useSubmit(labels);
  const [sentTo, setSentTo] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = formValues(event.currentTarget).email?.trim() ?? '';
    if (!email) {
      setErrors({ email: 'Email is required' });
      return;
    }
    void run(
      () => api(routes.customerSession.requestForgotPassword, { body: { email } }),
      () => {
        notify.success(customerMessages.forgotRequested);
        setSentTo(email);
      },
    );
  }

  return (
    <main className="account-page" data-testid="shopper-forgot-password">
      <h1>Forgot password</h1>
      {sentTo ? (
        <p className="account-notice" role="status">
          {customerMessages.forgotRequested}: if {sentTo} has an account, a link to set a new password is on its way. It works once, for{' '}
          {passwordResetHours} hours.
        </p>
      ) : (
        <>
          <p>Give the e-mail address of your account; we send you a link to set a new password.</p>
          <form className="account-form" onSubmit={onSubmit} noValidate>
            <Field name="email" label={labels.email} type="email" autoComplete="email" error={errors.email} />
            <button type="submit" className="account-button" disabled={busy}>
              {busy ? 'Sending…' : 'Send the link'}
            </button>
          </form>
        </>
      )}
      <div className="account-links">
        <Link to="/login">Back to log in</Link>
      </div>
    </main>
  );
}
