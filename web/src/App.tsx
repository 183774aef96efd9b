import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Notices } from './lib/notices.tsx';
import { applyDemoSession, demoParams } from './lib/session.ts';
import { loadSettingsOnce, useSettings } from './lib/settings.ts';
import { FullScreenSpinner } from './ui/FullScreenSpinner.tsx';
import { ServerError } from './ui/ServerError.tsx';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

if (applyDemoSession(window.location)) {
  // the session is saved: the token is not left in the address bar and the history
  const url = new URL(window.location.href);
  for (const name of demoParams) url.searchParams.delete(name);
  window.history.replaceState(window.history.state, '', url);
}

/**
 * The route table of the specification: login, the admin area, the storefront. The final
 * catch-all (the not-found page) is the last route of each half, so that an unknown admin path is
 * answered inside the admin layout and any other unknown path inside the storefront's.
 */
const router = createBrowserRouter([
  { path: '/admin/auth/login', lazy: async () => ({ Component: (await import('./admin/auth/LoginPage.tsx')).LoginPage }) },
  { path: '/admin/*', lazy: async () => ({ Component: (await import('./admin/AdminApp.tsx')).AdminApp }) },
  { path: '/*', lazy: async () => ({ Component: (await import('./storefront/StorefrontApp.tsx')).StorefrontApp }) },
]);

export function App() {
  const settings = useSettings();
  useEffect(loadSettingsOnce, []);
  let body: ReactNode;
  if (settings.error) body = <ServerError />;
  else if (!settings.data) body = <FullScreenSpinner />;
  else body = <RouterProvider router={router} />;
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={{ token: { colorPrimary: '#2f6f4f', borderRadius: 6 } }}>
        <Notices />
        {body}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
