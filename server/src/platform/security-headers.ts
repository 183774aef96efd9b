import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from '../config.ts';

/** Google Identity Services: its script, the stylesheet it adds, and the button's frame and calls (Google's documented CSP). */
const google = {
  script: 'https://accounts.google.com/gsi/client',
  style: 'https://accounts.google.com/gsi/style',
  frame: 'https://accounts.google.com/gsi/',
  // a shopper who signed in with Google shows their Google photo
  avatars: 'https://*.googleusercontent.com',
};

/**
 * The security headers of every answer (@fastify/helmet). The Content-Security-Policy lets the built
 * app run only its own scripts (no inline script, no eval) and load only its own styles (inline ones
 * allowed, see styleSrc), images and data, and Google's sign-in only when GOOGLE_CLIENT_ID offers it.
 * No site may frame the app (frame-ancestors 'none' and X-Frame-Options: DENY, against clickjacking
 * the admin). HSTS only when the app is served over HTTPS, which SECURE_COOKIES says: sent over plain
 * HTTP it would lock browsers out of a shop without HTTPS.
 */
export function securityHeaders(config: Pick<Config, 'googleClientId' | 'secureCookies'>): FastifyHelmetOptions {
  const withGoogle = config.googleClientId !== undefined;
  const when = (...sources: string[]) => (withGoogle ? sources : []);
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        scriptSrc: ["'self'", ...when(google.script)],
        scriptSrcAttr: ["'none'"],
        // antd writes its design tokens as CSS variables into <style> elements as screens render (even
        // in its zero-runtime mode), its dialogs and drawers lock the page's scroll with a <style> that
        // takes no nonce, and react-hot-toast writes its keyframes the same way. Inline styles cannot
        // run code: scripts stay strict.
        styleSrc: ["'self'", "'unsafe-inline'", ...when(google.style)],
        // uploads are ours (/v1/uploads); blob: shows a picture chosen for upload before it is sent
        imgSrc: ["'self'", 'data:', 'blob:', ...when(google.avatars)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...when(google.frame)],
        frameSrc: withGoogle ? [google.frame] : ["'none'"],
        // behind HTTPS, a stray http:// address is fetched over HTTPS rather than refused as mixed content
        ...(config.secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Google's sign-in may open its own window, which must be able to answer the page that opened it
    crossOriginOpenerPolicy: { policy: withGoogle ? 'same-origin-allow-popups' : 'same-origin' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
    // the origin, never the path (a reset link's token), leaves for another site; Google's button checks the origin
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}
