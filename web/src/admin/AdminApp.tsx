import { MenuOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { messages, routes } from '@tillbook/contract';
import { Button, Drawer, Grid, Layout, Spin, Typography } from 'antd';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';
import { matchPath, Navigate, Route, Routes, useNavigate } from 'react-router';
import { api } from '../lib/api.ts';
import { notify } from '../lib/notices.tsx';
import { clearPermissions, loadPermissions, usePermissions } from '../lib/permissions.ts';
import { clearAll, currentUser, displayName, isLogged } from '../lib/session.ts';
import { useSettings } from '../lib/settings.ts';
import { NoAccess } from '../ui/NoAccess.tsx';
import { AdminMenu } from './AdminMenu.tsx';
import { allScreens } from './all-screens.ts';
import { dashboardPermission, landingPath } from './landing.ts';
import type { AdminScreen } from './screens.ts';

const NotFound = lazy(async () => ({ default: (await import('../ui/NotFound.tsx')).NotFound }));
const Dashboard = lazy(() => import('./dashboard/Dashboard.tsx'));
const screenComponents = new Map<AdminScreen, ComponentType>(allScreens.map((s) => [s, lazy(s.load)]));

// The screen the admin area opens on is fetched at once, beside the permissions, rather than after the layout
// has rendered (the till is then ready sooner on a cold or warm cache); lazy() reuses the same import.
if (isLogged()) allScreens.find((s) => matchPath(`/admin/${s.path}`, window.location.pathname))?.load();

export function AdminApp() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // below lg (992 px) the menu is a drawer opened from the header, so the page keeps the whole width
  const wide = Grid.useBreakpoint().lg ?? true;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { loaded, can } = usePermissions();
  const { data: settings } = useSettings();
  const logged = isLogged();
  useEffect(() => {
    if (logged && !loaded) void loadPermissions({ share: true });
  }, [logged, loaded]);
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

  const shopName = settings?.companyName ?? 'Tillbook';
  // the first screen the role may open: /admin and /admin/dashboard lead there when the dashboard is not for it
  const landing = loaded ? landingPath(can) : undefined;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {wide && (
        <Layout.Sider
          width={230}
          theme="light"
          style={{ borderRight: '1px solid #eee', position: 'sticky', top: 0, height: '100vh', overflowY: 'auto' }}
        >
          <div style={{ padding: 16, fontWeight: 600 }}>{shopName}</div>
          {loaded && <AdminMenu can={can} />}
        </Layout.Sider>
      )}
      {!wide && (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement="left"
          size={280}
          title={shopName}
          styles={{ body: { padding: '12px 0' } }}
        >
          {loaded && <AdminMenu can={can} onNavigate={() => setDrawerOpen(false)} />}
        </Drawer>
      )}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            background: '#fff',
            display: 'flex',
            alignItems: 'center',
            gap: 12,
            padding: wide ? '0 24px' : '0 12px',
            borderBottom: '1px solid #eee',
          }}
        >
          {/* on a phone: the menu button, who is signed in, Logout (the shop's name heads the drawer) */}
          {!wide && <Button icon={<MenuOutlined />} aria-label="Menu" onClick={() => setDrawerOpen(true)} style={{ flexShrink: 0 }} />}
          <div style={{ marginLeft: 'auto', minWidth: 0, display: 'flex', alignItems: 'center', gap: 8, lineHeight: 'normal' }}>
            <Typography.Text data-testid="display-name" ellipsis style={{ maxWidth: wide ? 320 : 200 }}>
              {displayName(currentUser())}
            </Typography.Text>
            <Button onClick={logout} style={{ flexShrink: 0 }}>
              Logout
            </Button>
          </div>
        </Layout.Header>
        <Layout.Content style={{ padding: wide ? 24 : 12, minWidth: 0 }}>
          {!loaded ? (
            <Spin />
          ) : (
            <Suspense fallback={<Spin />}>
              <Routes>
                <Route index element={landing ? <Navigate to={landing} replace /> : <NoAccess permission={dashboardPermission} />} />
                <Route
                  path="dashboard"
                  element={
                    can(dashboardPermission) ? (
                      <Dashboard />
                    ) : landing ? (
                      <Navigate to={`/admin/${landing}`} replace />
                    ) : (
                      <NoAccess permission={dashboardPermission} />
                    )
                  }
                />
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
