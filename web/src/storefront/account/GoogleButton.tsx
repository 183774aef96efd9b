import { useQuery, useQueryClient } from '@tanstack/react-query';
import { messages, shopRoutes as routes } from '@tillbook/contract';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { notify } from '../../lib/notices.tsx';
import { saveCustomerSession } from '../../lib/session.ts';
import { sendLocalCart } from '../cart/send-local-cart.ts';

/** Google Identity Services, the script that draws the button and hands back the ID token. */
export const googleScriptUrl = 'https://accounts.google.com/gsi/client';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback: (answer: { credential?: string }) => void }): void;
      renderButton(parent: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}
declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

let loading: Promise<GoogleIdentity> | null = null;
/** Loads Google's script once (only on a page that shows the button, and only when the shop offers it). */
function loadGoogle(): Promise<GoogleIdentity> {
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    if (window.google) return resolve(window.google);
    const script = document.createElement('script');
    script.src = googleScriptUrl;
    script.async = true;
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error('no Google Identity Services')));
    script.onerror = () => {
      loading = null;
      reject(new Error('Google sign-in could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * "Sign in with Google", shown only when the server says the shop has a Google client id
 * (`GET googlelogin/config`); the ID token Google hands back goes to `POST googlelogin/login`.
 */
export function GoogleButton({ next }: { next: string }) {
  const config = useQuery({ queryKey: ['google-config'], queryFn: () => must(api(routes.googleLogin.config)), staleTime: Infinity });
  const clientId = config.data?.clientId ?? null;
  const holder = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!clientId) return;
    let live = true;
    loadGoogle()
      .then((google) => {
        if (!live || !holder.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: async ({ credential }) => {
            if (!credential) return;
            const result = await api(routes.googleLogin.login, { body: { credential } }, { toast: true });
            if (result.error !== undefined) return;
            await sendLocalCart(result.data);
            saveCustomerSession(result.data);
            queryClient.clear();
            notify.success(messages.loginSuccess);
            navigate(next, { replace: true });
          },
        });
        google.accounts.id.renderButton(holder.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          width: 280,
        });
      })
      .catch((error: Error) => live && notify.error(error.message));
    return () => {
      live = false;
    };
  }, [clientId, next, navigate, queryClient]);

  if (!clientId) return null;
  return (
    <>
      <p className="account-or">or</p>
      <div className="account-google" ref={holder} data-testid="google-signin" />
    </>
  );
}
