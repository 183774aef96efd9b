import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { Notices } from './lib/notices.tsx';
import { applyDemoSession, demoParams, isLogged } from './lib/session.ts';
import { loadSettingsOnce, useSettings } from './lib/settings.ts';
import { FullScreenSpinner } from './ui/FullScreenSpinner.tsx';
import { lazyAntd } from './ui/lazy-antd.tsx';
import { ServerError } from './ui/ServerError.tsx';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

if (applyDemoSession(window.location)) {
  // the session is saved: the token is not left in the address bar and the history
  const url = new URL(window.location.href);
  for (const name of demoParams) url.searchParams.delete(name);
  window.history.replaceState(window.history.state, '', url);
}

// A signed-in admin page: the role's permissions are asked for now, beside the settings, rather than once the
// admin area's code has arrived and run.
if (window.location.pathname.startsWith('/admin/') && !window.location.pathname.startsWith('/admin/auth/') && isLogged()) {
  void import('./lib/permissions.ts').then(({ loadPermissions }) => loadPermissions({ share: true }));
}

// Each half of the app is its own chunk: the storefront's first load fetches no admin code and no antd
// (its home page and layout are plain React; its other pages load antd with them). The staff login is
// plain React and CSS too: the admin area and antd are fetched after it.
const LoginPage = lazy(async () => ({ default: (await import('./admin/auth/LoginPage.tsx')).LoginPage }));
const AdminApp = lazyAntd(async () => (await import('./admin/AdminApp.tsx')).AdminApp);
const StorefrontApp = lazyAntd(async () => (await import('./storefront/StorefrontApp.tsx')).StorefrontApp);

/**
 * The route table of the specification: login, the admin area, the storefront. The final
 * catch-all (the not-found page) is the last route of each half, so that an unknown admin path is
 * answered inside the admin layout and any other unknown path inside the storefront's.
 */
function AppRoutes() {
  return (
    <BrowserRouter>
      <Suspense fallback={<FullScreenSpinner />}>
        <Routes>
          <Route path="/admin/auth/login" element={<LoginPage />} />
          <Route path="/admin/*" element={<AdminApp />} />
          <Route path="/*" element={<StorefrontApp />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}

export function App() {
  const settings = useSettings();
  useEffect(loadSettingsOnce, []);
  let body: ReactNode;
  if (settings.error) body = <ServerError />;
  else if (!settings.data) body = <FullScreenSpinner />;
  else body = <AppRoutes />;
  return (
    <QueryClientProvider client={queryClient}>
      <Notices />
      {body}
    </QueryClientProvider>
  );
}
