import { customerMessages, forgotPasswordBody, shopRoutes as routes } from '@tillbook/contract';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { Field, formValues } from './Field.tsx';
import { passwordHint } from './password-hint.ts';
import { issuesByField, useSubmit } from './use-submit.ts';
import './account.css';

const labels = { password: 'New password', confirmPassword: 'Confirm new password', token: 'The link' };

/** Opened from the recovery mail's link (`/reset-password?token=…`): sets a new password, then the shopper logs in. */
export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const navigate = useNavigate();
  const { busy, errors, setErrors, run } = useSubmit(labels);

  if (!token) {
    return (
      <main className="account-page" data-testid="shopper-reset-password">
        <h1>Set a new password</h1>
        <p className="account-notice">This link carries no token. Ask for a new one.</p>
        <div className="account-links">
          <Link to="/forgot-password">Forgot password</Link>
        </div>
      </main>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const body = { token, password: values.password ?? '', confirmPassword: values.confirmPassword ?? '' };
    const check = forgotPasswordBody.safeParse(body);
    if (!check.success) {
      setErrors(issuesByField(check, labels));
      return;
    }
    void run(
      () => api(routes.customerSession.forgotPassword, { body }),
      () => {
        notify.success(customerMessages.passwordRecovered);
        navigate('/login', { replace: true });
      },
    );
  }

  return (
    <main className="account-page" data-testid="shopper-reset-password">
      <h1>Set a new password</h1>
      <form className="account-form" onSubmit={onSubmit} noValidate>
        <Field
          name="password"
          label={labels.password}
          type="password"
          autoComplete="new-password"
          hint={passwordHint}
          error={errors.password}
        />
        <Field
          name="confirmPassword"
          label={labels.confirmPassword}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword}
        />
        {errors.token && (
          <p className="account-error" role="alert">
            {errors.token}. <Link to="/forgot-password">Ask for a new link</Link>
          </p>
        )}
        <button type="submit" className="account-button" disabled={busy}>
          {busy ? 'Saving…' : 'Set the password'}
        </button>
      </form>
    </main>
  );
}
