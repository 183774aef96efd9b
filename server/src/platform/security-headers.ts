import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
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
export function securityHeaders(config: Pick<Config, 'googleClientId' | 'secureCookies'>): HelmetOptions {
  const withGoogle = config.googleClientId !== undefined;
  const when = (...sources: string[]) => (withGoogle ? sources : []);
  return {
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

/**
 * The headers helmet sets for these options, worked out once: helmet is asked once, against a response that
 * only notes what it is given. Nothing in them depends on the request (no nonces), and helmet as a Fastify
 * plugin rebuilt every middleware and its policy text on every request (a sixth of a cached answer's time).
 */
export function fixedSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const noter = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, noter as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The API's answers (JSON, uploaded files) are never pages a browser renders as a document: they carry what
 * still matters for them (OWASP's headers for REST answers), four lines where a page needs twelve. No content of
 * theirs may load anything or run (`default-src 'none'`, also against an uploaded file opened on its own), none
 * may be framed, sniffed as another type or read by another site, and HSTS as on the pages. The policy's other
 * headers (the opener policy, the referrer policy, the agent cluster, the legacy ones) govern documents only.
 */
export function apiSecurityHeaders(config: Pick<Config, 'secureCookies'>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
    ...(config.secureCookies ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Is this request's answer the API's (under /v1), rather than the web app's page or file? */
export const isApiAddress = (url: string) => url.startsWith('/v1/') || url === '/v1' || url.startsWith('/v1?');

/**
 * Every answer (the API's, its errors, the web app's files) carries its security headers, set before any handler
 * runs: the web app's pages and files the whole policy, the API's answers theirs (`apiSecurityHeaders`).
 */
export function sendSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'googleClientId' | 'secureCookies'>): void {
  const pages = fixedSecurityHeaders(securityHeaders(config));
  const api = apiSecurityHeaders(config);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isApiAddress(req.url) ? api : pages);
    done();
  });
}
