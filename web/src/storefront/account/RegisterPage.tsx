import { useQueryClient } from '@tanstack/react-query';
import { customerMessages, customerRegisterBody, shopRoutes as routes } from '@tillbook/contract';
import type { FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { saveCustomerSession } from '../../lib/session.ts';
import { sendLocalCart } from '../cart/send-local-cart.ts';
import { Field, formValues } from './Field.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { nextPath } from './LoginPage.tsx';
import { passwordHint } from './password-hint.ts';
import { useShopper } from './shopper.ts';
import { issuesByField, useSubmit } from './use-submit.ts';
import './account.css';

const labels = {
  firstName: 'First name',
  lastName: 'Last name',
  username: 'Username',
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm password',
};

/** A shopper signs up (name, username, e-mail, password twice) and is signed in at once; invoices carry the name. */
export function RegisterPage() {
  const shopper = useShopper();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { busy, errors, setErrors, run } = useSubmit(labels);
  if (shopper) return <Navigate to={nextPath(search)} replace />;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const body = {
      firstName: values.firstName?.trim() ?? '',
      lastName: values.lastName?.trim() ?? '',
      username: values.username?.trim() ?? '',
      email: values.email?.trim() ?? '',
      password: values.password ?? '',
      confirmPassword: values.confirmPassword ?? '',
    };
    const check = customerRegisterBody.safeParse(body);
    // the server takes an account without a name (older clients); this form asks for it
    const unnamed = {
      ...(!body.firstName && { firstName: `${labels.firstName} is required` }),
      ...(!body.lastName && { lastName: `${labels.lastName} is required` }),
    };
    if (!check.success || Object.keys(unnamed).length > 0) {
      setErrors({ ...(check.success ? {} : issuesByField(check, labels)), ...unnamed });
      return;
    }
    void run(
      () => api(routes.customerSession.register, { body }),
      async (login) => {
        await sendLocalCart(login);
        saveCustomerSession(login);
        queryClient.clear();
        notify.success(customerMessages.registered);
        navigate(nextPath(search), { replace: true });
      },
    );
  }

  return (
    <main className="account-page" data-testid="shopper-register">
      <h1>Create an account</h1>
      <form className="account-form" onSubmit={onSubmit} noValidate>
        <Field name="firstName" label={labels.firstName} autoComplete="given-name" error={errors.firstName} />
        <Field name="lastName" label={labels.lastName} autoComplete="family-name" error={errors.lastName} />
        <Field name="username" label={labels.username} autoComplete="nickname" error={errors.username} />
        <Field name="email" label={labels.email} type="email" autoComplete="email" error={errors.email} />
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
          {busy ? 'Creating…' : 'Create account'}
        </button>
      </form>
      <GoogleButton next={nextPath(search)} />
      <div className="account-links">
        <span>
          Have an account? <Link to={`/login${search.toString() ? `?${search}` : ''}`}>Log in</Link>
        </span>
      </div>
    </main>
  );
}
