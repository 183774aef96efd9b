import { messages, routes } from '@tillbook/contract';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { loadPermissions } from '../../lib/permissions.ts';
import { isLogged, saveStaffSession } from '../../lib/session.ts';
import { reloadSettings, useSettings } from '../../lib/settings.ts';

export const productName = 'Tillbook';

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
    <Typography.Title level={3} data-testid="login-title">
      {data?.companyName ?? productName}
    </Typography.Title>
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
      <Card style={{ width: 380 }}>
        <div style={{ textAlign: 'center', marginBottom: 16 }}>
          <Logo />
          <Typography.Title level={4} style={{ marginTop: 8 }}>
            Welcome to {productName}
          </Typography.Title>
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
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginTop: 24, marginBottom: 0 }}>
          Powered by {productName}
        </Typography.Paragraph>
      </Card>
    </main>
  );
}
