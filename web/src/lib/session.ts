/**
 * The session in local storage, under exactly the keys the specification names.
 */
export const storageKeys = {
  accessToken: 'access-token',
  role: 'role',
  roleId: 'roleId',
  user: 'user',
  id: 'id',
  isLogged: 'isLogged',
  customerEmail: 'pf-user-email',
  cart: 'cart',
} as const;

export interface SessionUser {
  id: number;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

export interface StaffLogin extends SessionUser {
  token: string;
  role: string;
  roleId: number;
}

/** First and last name when both exist, else the username, else nothing. */
export function displayName(user: SessionUser | null | undefined): string {
  if (!user) return '';
  if (user.firstName && user.lastName) return `${user.firstName} ${user.lastName}`;
  return user.username ?? '';
}

export const getToken = () => localStorage.getItem(storageKeys.accessToken);
export const setToken = (token: string) => localStorage.setItem(storageKeys.accessToken, token);
export const isLogged = () => localStorage.getItem(storageKeys.isLogged) === 'true';
export const roleId = () => Number(localStorage.getItem(storageKeys.roleId)) || null;

export function currentUser(): SessionUser | null {
  try {
    return JSON.parse(localStorage.getItem(storageKeys.user) ?? 'null') as SessionUser | null;
  } catch {
    return null;
  }
}

/** Fired on this window whenever this app saves or removes the session (the 'storage' event covers other tabs). */
export const sessionEvent = 'tillbook-session';
const announce = () => {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(sessionEvent));
};

/** Follows the session: the listener runs when it is saved or removed, here or in another tab. */
export function onSessionChange(listener: () => void): () => void {
  window.addEventListener(sessionEvent, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(sessionEvent, listener);
    window.removeEventListener('storage', listener);
  };
}

/** A shopper's login answer: the customer (never a password) and the access token. */
export interface CustomerLogin extends SessionUser {
  token: string;
}

/** The role name a shopper's session is stored under (the spec: customers' role is stored by name). */
export const customerRole = 'customer';

/** Is the stored session a shopper's (its access token is renewed with the shoppers' refresh cookie)? */
export const isShopperSession = () => isLogged() && localStorage.getItem(storageKeys.role) === customerRole;

/** The storefront's session: id, access token, role (by name), user and the logged-in flag. */
export function saveCustomerSession(login: CustomerLogin) {
  const { token, ...user } = login;
  localStorage.setItem(storageKeys.accessToken, token);
  localStorage.setItem(storageKeys.role, customerRole);
  localStorage.setItem(storageKeys.id, String(user.id));
  localStorage.setItem(storageKeys.user, JSON.stringify(user));
  localStorage.setItem(storageKeys.isLogged, 'true');
  announce();
}

/** After a profile change: the stored user takes the new names (the header shows them); the token stays. */
export function updateStoredUser(changes: Partial<SessionUser> & Record<string, unknown>) {
  const user = currentUser();
  if (!user) return;
  localStorage.setItem(storageKeys.user, JSON.stringify({ ...user, ...changes }));
  announce();
}

export function saveStaffSession(login: StaffLogin) {
  const { token, role, roleId: rid, ...user } = login;
  localStorage.setItem(storageKeys.accessToken, token);
  localStorage.setItem(storageKeys.role, role);
  localStorage.setItem(storageKeys.roleId, String(rid));
  localStorage.setItem(storageKeys.id, String(user.id));
  localStorage.setItem(storageKeys.user, JSON.stringify(user));
  localStorage.setItem(storageKeys.isLogged, 'true');
  announce();
}

/** Outside the admin area a 401 removes only these keys (the cart survives). */
export function removeSessionKeys() {
  for (const key of [storageKeys.id, storageKeys.accessToken, storageKeys.role, storageKeys.user, storageKeys.isLogged]) {
    localStorage.removeItem(key);
  }
  announce();
}

export const clearAll = () => {
  localStorage.clear();
  announce();
};

/** The admin area: /admin and everything under it (not /administrator, not /shop/admin-x). */
export const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/** The demo shortcut's parameters, removed from the address once applied so the token is not left in the history. */
export const demoParams = ['demo', 'token', 'id', 'roleId', 'role'] as const;

/**
 * The demo shortcut: a path under /admin with a `demo` query parameter takes the session from the
 * parameters token, id, roleId and role. Answers true when it applied one; with a parameter
 * missing nothing is saved, rather than half a session.
 */
export function applyDemoSession(location: Pick<Location, 'pathname' | 'search'>): boolean {
  if (!isAdminPath(location.pathname)) return false;
  const params = new URLSearchParams(location.search);
  if (!params.has('demo')) return false;
  const token = params.get('token');
  const id = params.get('id');
  const rid = params.get('roleId');
  const role = params.get('role');
  if (!token || !id || !rid || !role) return false;
  localStorage.setItem(storageKeys.accessToken, token);
  localStorage.setItem(storageKeys.id, id);
  localStorage.setItem(storageKeys.roleId, rid);
  localStorage.setItem(storageKeys.role, role);
  localStorage.setItem(storageKeys.user, JSON.stringify({ id: Number(id), username: role }));
  localStorage.setItem(storageKeys.isLogged, 'true');
  return true;
}
