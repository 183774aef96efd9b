import { messages, routes } from '@tillbook/contract';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { loadPermissions } from '../../lib/permissions.ts';
import { isLogged, saveStaffSession } from '../../lib/session.ts';
import { reloadSettings, useSettings } from '../../lib/settings.ts';
import './login.css';

export const productName = 'Tillbook';

// Plain React and CSS (no antd), so the login's first load is the entry and this page only.
// The admin area, with antd, is fetched once the login has succeeded.

type FieldName = 'username' | 'password';
const required: Record<FieldName, string> = { username: messages.loginUsernameRequired, password: messages.loginPasswordRequired };

function Logo() {
  const { data } = useSettings();
  // remembered per address, so a new logo in the settings is tried again
  const [broken, setBroken] = useState<string | null>(null);
  if (data?.logo && data.logo !== broken) {
    const logo = data.logo;
    return <img src={logo} alt={data.companyName} className="login-logo" onError={() => setBroken(logo)} data-testid="login-logo" />;
  }
  return (
    <h1 data-testid="login-title" className="login-title">
      {data?.companyName ?? productName}
    </h1>
  );
}

interface FieldProps {
  name: FieldName;
  label: string;
  value: string;
  error?: string;
  onChange: (name: FieldName, value: string) => void;
  children?: React.ReactNode;
  input: React.InputHTMLAttributes<HTMLInputElement>;
}

/** A labelled input with its error under it, announced to screen readers. */
function Field({ name, label, value, error, onChange, children, input }: FieldProps) {
  const id = `login-${name}`;
  return (
    <div className="login-field">
      <label htmlFor={id}>{label}</label>
      <div className="login-input" data-invalid={error ? true : undefined}>
        <input
          id={id}
          name={name}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(name, event.target.value)}
          {...input}
        />
        {children}
      </div>
      <div className="login-error" id={`${id}-error`} role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}

export function LoginPage() {
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<FieldName, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [shown, setShown] = useState(false);
  const [loading, setLoading] = useState(false);
  if (isLogged()) return <Navigate to="/admin" replace />;

  // as a form field does: checked again as it changes, and both checked on submit
  function change(name: FieldName, value: string) {
    setValues((now) => ({ ...now, [name]: value }));
    setErrors((now) => ({ ...now, [name]: value ? undefined : required[name] }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing = {
      ...(!values.username && { username: required.username }),
      ...(!values.password && { password: required.password }),
    };
    setErrors(missing);
    if (Object.keys(missing).length > 0 || loading) return;
    setLoading(true);
    const result = await api(routes.session.login, { body: values }, { toast: true });
    if (result.error !== undefined) {
      setLoading(false);
      return;
    }
    saveStaffSession(result.data);
    await Promise.all([reloadSettings(), loadPermissions()]);
    notify.success(messages.loginSuccess);
    navigate('/admin/dashboard', { replace: true });
  }

  return (
    <main className="login-page">
      <section className="login-box">
        <div className="login-head">
          <Logo />
          <h2>Welcome to {productName}</h2>
        </div>
        <form name="login" onSubmit={onSubmit} noValidate>
          <Field
            name="username"
            label="Email"
            value={values.username}
            error={errors.username}
            onChange={change}
            input={{ autoComplete: 'username', autoFocus: true }}
          />
          <Field
            name="password"
            label="Password"
            value={values.password}
            error={errors.password}
            onChange={change}
            input={{ type: shown ? 'text' : 'password', autoComplete: 'current-password' }}
          >
            <button
              type="button"
              className="login-reveal"
              aria-label={shown ? 'Hide the typed characters' : 'Show the typed characters'}
              aria-pressed={shown}
              onClick={() => setShown(!shown)}
            >
              {shown ? 'Hide' : 'Show'}
            </button>
          </Field>
          <button type="submit" className="login-submit" aria-busy={loading || undefined} disabled={loading}>
            {loading && <span className="login-spinner" aria-hidden />}
            Login
          </button>
        </form>
        <p className="login-foot">Powered by {productName}</p>
      </section>
    </main>
  );
}
