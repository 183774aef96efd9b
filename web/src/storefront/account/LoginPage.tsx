import { useQueryClient } from '@tanstack/react-query';
import { customerMessages, messages, shopRoutes as routes } from '@tillbook/contract';
import type { FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { saveCustomerSession } from '../../lib/session.ts';
import { sendLocalCart } from '../cart/send-local-cart.ts';
import { Field, formValues } from './Field.tsx';
import { GoogleButton } from './GoogleButton.tsx';
import { useShopper } from './shopper.ts';
import { useSubmit } from './use-submit.ts';
import './account.css';

const labels = { email: 'Email', password: 'Password' };

/** Where to go after signing in: the page that sent the shopper here (a path of this site), else the home page. */
export function nextPath(search: URLSearchParams): string {
  const next = search.get('next');
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/** The shopper's login: Email (the e-mail or the username) and password. */
export function LoginPage() {
  const shopper = useShopper();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { busy, errors, setErrors, run } = useSubmit(labels);
  if (shopper) return <Navigate to={nextPath(search)} replace />;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const email = values.email?.trim() ?? '';
    const password = values.password ?? '';
    const missing = {
      ...(!email && { email: messages.loginUsernameRequired }),
      ...(!password && { password: messages.loginPasswordRequired }),
    };
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      return;
    }
    void run(
      () => api(routes.customerSession.login, { body: { email, password } }),
      async (login) => {
        await sendLocalCart(login);
        saveCustomerSession(login);
        queryClient.clear();
        notify.success(messages.loginSuccess);
        navigate(nextPath(search), { replace: true });
      },
      (status) => {
        // a refused login reads as the spec says, whatever the server's wording
        if (status !== 401 && status !== 400) return false;
        notify.error(customerMessages.loginFailed);
        return true;
      },
    );
  }

  return (
    <main className="account-page" data-testid="shopper-login">
      <h1>Log in</h1>
      <form className="account-form" onSubmit={onSubmit} noValidate>
        <Field name="email" label={labels.email} autoComplete="username" error={errors.email} />
        <Field name="password" label={labels.password} type="password" autoComplete="current-password" error={errors.password} />
        <button type="submit" className="account-button" disabled={busy}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </form>
      <GoogleButton next={nextPath(search)} />
      <div className="account-links">
        <Link to="/forgot-password">Forgot password?</Link>
        <Link to={`/register${search.toString() ? `?${search}` : ''}`}>Create an account</Link>
      </div>
    </main>
  );
}
