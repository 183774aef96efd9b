import { useQueryClient } from '@tanstack/react-query';
import { customerChangePasswordBody, customerMessages, shopRoutes as routes } from '@tillbook/contract';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { removeSessionKeys } from '../../lib/session.ts';
import { Field, formValues } from './Field.tsx';
import { LoggedOut } from './LoggedOut.tsx';
import { passwordHint } from './password-hint.ts';
import { useShopper } from './shopper.ts';
import { issuesByField, useSubmit } from './use-submit.ts';
import './account.css';

const labels = { oldPassword: 'Current password', password: 'New password', confirmPassword: 'Confirm new password' };

/** Changes the password (the current one required); then the shopper logs in again with the new one. */
export function ChangePasswordPage() {
  const shopper = useShopper();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { busy, errors, setErrors, run } = useSubmit(labels);
  if (!shopper) return <LoggedOut title="Change password" />;
  const id = shopper.id;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const body = { oldPassword: values.oldPassword ?? '', password: values.password ?? '', confirmPassword: values.confirmPassword ?? '' };
    const check = customerChangePasswordBody.safeParse(body);
    if (!check.success) {
      setErrors(issuesByField(check, labels));
      return;
    }
    void run(
      () => api(routes.customerSession.changePassword, { params: { id }, body }),
      () => {
        // 'please login': the session ends here and the shopper signs in with the new password
        removeSessionKeys();
        queryClient.clear();
        notify.success(customerMessages.passwordChanged);
        navigate('/login?next=/profile', { replace: true });
      },
    );
  }

  return (
    <main className="account-page" data-testid="shopper-change-password">
      <h1>Change password</h1>
      <form className="account-form" onSubmit={onSubmit} noValidate>
        <Field name="oldPassword" label={labels.oldPassword} type="password" autoComplete="current-password" error={errors.oldPassword} />
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
        <button type="submit" className="account-button" disabled={busy}>
          {busy ? 'Saving…' : 'Change password'}
        </button>
      </form>
      <div className="account-links">
        <Link to="/profile">Back to my profile</Link>
      </div>
    </main>
  );
}
