import { messages, routes } from '@tillbook/contract';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { loadPermissions } from '../../lib/permissions.ts';
import { isLogged, saveStaffSession } from '../../lib/session.ts';
import { reloadSettings, useSettings } from '../../lib/settings.ts';

export const productName = 'Tillbook';

const box = {
  width: 380,
  maxWidth: 'calc(100vw - 32px)',
  boxSizing: 'border-box',
  padding: 24,
  background: '#fff',
  border: '1px solid #f0f0f0',
  borderRadius: 8,
} as const;

function Logo() {
  const { data } = useSettings();
  // remembered per address, so a new logo in the settings is tried again
  const [broken, setBroken] = useState<string | null>(null);
  if (data?.logo && data.logo !== broken) {
    const logo = data.logo;
    return (
      <img
        src={logo}
        alt={data.companyName}
        style={{ maxHeight: 72, maxWidth: '100%' }}
        onError={() => setBroken(logo)}
        data-testid="login-logo"
      />
    );
  }
  return (
    <h1 data-testid="login-title" style={{ fontSize: 24, margin: '0 0 8px' }}>
      {data?.companyName ?? productName}
    </h1>
  );
}

export function LoginPage() {
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  if (isLogged()) return <Navigate to="/admin" replace />;

  async function onFinish(values: { username: string; password: string }) {
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
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f3f5f4' }}>
      {/* a plain box rather than antd's Card, whose module brings Tabs into the login's first load */}
      <section style={box}>
        <div style={{ textAlign: 'center', marginBottom: 16 }}>
          <Logo />
          <h2 style={{ fontSize: 18, fontWeight: 600, margin: '8px 0 0' }}>Welcome to {productName}</h2>
        </div>
        <Form layout="vertical" onFinish={onFinish} requiredMark={false} name="login">
          <Form.Item label="Email" name="username" rules={[{ required: true, message: messages.loginUsernameRequired }]}>
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[{ required: true, message: messages.loginPasswordRequired }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={loading}>
            Login
          </Button>
        </Form>
        <p style={{ textAlign: 'center', margin: '24px 0 0', color: 'rgb(0 0 0 / 45%)' }}>Powered by {productName}</p>
      </section>
    </main>
  );
}
