import { useQueryClient } from '@tanstack/react-query';
import { messages, routes } from '@tillbook/contract';
import { Button, Layout, Menu, Space, Spin, Typography } from 'antd';
import { type ComponentType, lazy, Suspense, useEffect, useMemo } from 'react';
import { Link, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { api } from '../lib/api.ts';
import { notify } from '../lib/notices.tsx';
import { clearPermissions, loadPermissions, usePermissions } from '../lib/permissions.ts';
import { clearAll, currentUser, displayName, isLogged } from '../lib/session.ts';
import { useSettings } from '../lib/settings.ts';
import { NoAccess } from '../ui/NoAccess.tsx';
import { allScreens } from './all-screens.ts';
import { type AdminScreen, navGroups } from './screens.ts';

const NotFound = lazy(async () => ({ default: (await import('../ui/NotFound.tsx')).NotFound }));
const Dashboard = lazy(() => import('./dashboard/Dashboard.tsx'));
const screenComponents = new Map<AdminScreen, ComponentType>(allScreens.map((s) => [s, lazy(s.load)]));

function useMenu(can: (name: string) => boolean) {
  return useMemo(
    () => [
      { key: '/admin/dashboard', label: <Link to="/admin/dashboard">Dashboard</Link> },
      ...navGroups
        .map((group) => ({
          key: group,
          label: group,
          type: 'group' as const,
          children: allScreens
            .filter((s) => s.group === group && s.label && can(s.permission))
            .map((s) => ({ key: `/admin/${s.path}`, label: <Link to={`/admin/${s.path}`}>{s.label}</Link> })),
        }))
        .filter((g) => g.children.length > 0),
    ],
    [can],
  );
}

export function AdminApp() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const { loaded, can } = usePermissions();
  const { data: settings } = useSettings();
  const logged = isLogged();
  useEffect(() => {
    if (logged && !loaded) void loadPermissions();
  }, [logged, loaded]);
  const menu = useMenu(can);
  if (!logged) return <Navigate to="/admin/auth/login" replace />;

  async function logout() {
    await api(routes.session.logout, { body: { id: currentUser()?.id } });
    clearAll();
    // the next person in this tab must not see the previous one's lists
    queryClient.clear();
    clearPermissions();
    notify.success(messages.logoutSuccess);
    navigate('/admin/auth/login', { replace: true });
  }

  const selected = `/admin/${location.pathname.split('/')[2] ?? 'dashboard'}`;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={230} theme="light" breakpoint="lg" collapsedWidth={0} style={{ borderRight: '1px solid #eee' }}>
        <div style={{ padding: 16, fontWeight: 600 }}>{settings?.companyName ?? 'Tillbook'}</div>
        <Menu mode="inline" items={menu} selectedKeys={[selected]} data-testid="admin-nav" />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{ background: '#fff', display: 'flex', justifyContent: 'flex-end', alignItems: 'center', borderBottom: '1px solid #eee' }}
        >
          <Space>
            <Typography.Text data-testid="display-name">{displayName(currentUser())}</Typography.Text>
            <Button onClick={logout}>Logout</Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          {!loaded ? (
            <Spin />
          ) : (
            <Suspense fallback={<Spin />}>
              <Routes>
                <Route index element={<Navigate to="dashboard" replace />} />
                <Route path="dashboard" element={<Dashboard />} />
                {allScreens.map((screen) => {
                  const Screen = screenComponents.get(screen)!;
                  return (
                    <Route
                      key={screen.path}
                      path={screen.path}
                      element={can(screen.permission) ? <Screen /> : <NoAccess permission={screen.permission} />}
                    />
                  );
                })}
                <Route path="*" element={<NotFound />} />
              </Routes>
            </Suspense>
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
