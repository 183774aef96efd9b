import { buildListQuery, fallbackErrorText, type ListFilters, shopRoutes as routes } from '@tillbook/contract';
import { notify } from './notices.tsx';
import { clearAll, getToken, isAdminPath, isShopperSession, removeSessionKeys, setToken } from './session.ts';

/** The API base: VITE_API_BASE at build time, else the server that serves this app. */
export const apiBase = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/v1';
export const loginPath = '/admin/auth/login';

export type Result<T> =
  | { data: T; error?: undefined }
  | { data?: undefined; error: string; status: number; fields?: Record<string, string> };

export interface CallOptions {
  body?: unknown;
  /** Filters turned into the list query (page 1, count 10, status true unless a report). */
  filters?: ListFilters;
  /** Show the error text as an error notice. */
  toast?: boolean;
  /** Extra request headers (e.g. `Idempotency-Key`); the bearer token and the content type are set here. */
  headers?: Record<string, string>;
}

/** Whose session a refresh renews: staff's (the admin) or a shopper's (the storefront), each with its own cookie. */
type SessionKind = 'staff' | 'customer';
const refreshPaths: Record<SessionKind, string> = {
  staff: routes.session.refresh.path,
  customer: routes.customerSession.refresh.path,
};

// One refresh at a time per kind: parallel 401s share it (a refresh token is rotated at each use; the
// server answers the same successor to a second use within a few seconds, e.g. another tab's).
const refreshing: Partial<Record<SessionKind, Promise<string | null>>> = {};
function refreshAccessToken(kind: SessionKind): Promise<string | null> {
  refreshing[kind] ??= fetch(`${apiBase}/${refreshPaths[kind]}`, { credentials: 'include' })
    .then(async (response) => (response.ok ? (((await response.json()) as { token?: string }).token ?? null) : null))
    .catch(() => null)
    .finally(() => setTimeout(() => (refreshing[kind] = undefined), 0));
  return refreshing[kind];
}

/** The token to retry with: the one another request (or tab) stored meanwhile, else a refreshed one. */
async function renewedToken(sentWith: string | null, kind: SessionKind): Promise<string | null> {
  const current = getToken();
  const token = current && current !== sentWith ? current : await refreshAccessToken(kind);
  if (token) setToken(token);
  return token;
}

/** The path with the list query of the filters appended (after any query the path already has). */
export function listUrl(path: string, filters?: ListFilters): string {
  const query = filters ? buildListQuery(filters) : '';
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}

function send(method: string, path: string, body: unknown, token: string | null, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { ...extra };
  // a call may carry its own token (the shopper's, just answered by the login, before it is stored)
  if (token && !headers.Authorization) headers.Authorization = `Bearer ${token}`;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  return fetch(`${apiBase}/${path.replace(/^\//, '')}`, {
    method,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
}

async function read(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Thrown inside {@link call} when the session is over and the browser is on its way to the login page. */
const sessionEnded = Symbol('session ended');

/**
 * Applies the 401 rules of the specification to one request, whatever sends it (fetch here, an
 * XMLHttpRequest for uploads with progress). On an admin page (not the login page) the token is
 * refreshed once and the request retried once; if another request has refreshed the token
 * meanwhile, that token is used instead of a second refresh. Throws `sessionEnded` when the refresh fails.
 * Outside the admin area a signed-in shopper's session is refreshed the same way with the shoppers' cookie
 * (issue 29: the access token lives 15 minutes, the shopper's session as long as its refresh cookie); when
 * that fails, or for anyone else, the 401 removes the session keys, with no retry (the cart stays).
 */
export async function withSession<R extends { status: number }>(attempt: (token: string | null) => Promise<R>): Promise<R> {
  const sentWith = getToken();
  const response = await attempt(sentWith);
  if (response.status !== 401) return response;
  const { pathname } = window.location;
  if (!isAdminPath(pathname)) {
    const token = sentWith && isShopperSession() ? await renewedToken(sentWith, 'customer') : null;
    const retried = token ? await attempt(token) : response;
    if (retried.status === 401) removeSessionKeys();
    return retried;
  }
  if (pathname.startsWith(loginPath)) return response;
  const token = await renewedToken(sentWith, 'staff');
  if (!token) {
    clearAll();
    window.location.assign(loginPath);
    throw sessionEnded;
  }
  return attempt(token);
}

export const isSessionEnded = (error: unknown) => error === sessionEnded;

const sendWithSession = (method: string, url: string, body: unknown, headers?: Record<string, string>) =>
  withSession((token) => send(method, url, body, token, headers));

/** Sent on the window after every change the server accepted (a POST, PUT, PATCH or DELETE answered 2xx). */
export const writeEvent = 'tillbook-wrote';

/**
 * Every call of the web app goes through here: bearer token and credentials sent, the answer
 * wrapped as {data} or {error}, and the 401 rules of the specification applied.
 */
export async function call<T = unknown>(method: string, path: string, options: CallOptions = {}): Promise<Result<T>> {
  let response: Response;
  let body: unknown;
  try {
    response = await sendWithSession(method, listUrl(path, options.filters), options.body, options.headers);
    body = await read(response);
  } catch (error) {
    if (error === sessionEnded) return { error: fallbackErrorText, status: 401 };
    if (options.toast) notify.error(fallbackErrorText);
    return { error: fallbackErrorText, status: 0 };
  }
  if (response.ok) {
    // a change was made: what shows a record's history reads it again (admin/audit/RecordHistory.tsx)
    if (method !== 'GET' && typeof window !== 'undefined') window.dispatchEvent(new Event(writeEvent));
    return { data: body as T };
  }
  const problem = (body && typeof body === 'object' ? body : {}) as { error?: string; fields?: Record<string, string> };
  const error = problem.error || fallbackErrorText;
  if (options.toast) notify.error(error);
  return { error, status: response.status, fields: problem.fields };
}

/** For TanStack Query: answers the data or throws the error text. */
export async function must<T>(result: Promise<Result<T>>): Promise<T> {
  const r = await result;
  if (r.error !== undefined) throw Object.assign(new Error(r.error), { status: r.status, fields: r.fields });
  return r.data as T;
}
