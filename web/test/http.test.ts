import { fallbackErrorText } from '@tillbook/contract';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import toast, { type Toast, useToasterStore } from 'react-hot-toast';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { ownerPassword, ownerUsername, type Product, startProduct } from '../e2e/harness.ts';
import { installMemoryStorage, type MemoryStorage } from './memory-storage.ts';

/**
 * The HTTP client of the web app against the real server (fresh embedded database), in node:
 * localStorage is an in-memory Storage and window is an event target (the session announces its changes)
 * holding only the location the client reads.
 */
let product: Product;
let closed = false;
let client: typeof import('../src/lib/http.ts');
let storage: MemoryStorage;
const location = { pathname: '/', assign: vi.fn<(url: string) => void>() };

function heldNotices(): Toast[] {
  let toasts: Toast[] = [];
  function Probe() {
    toasts = useToasterStore().toasts;
    return null;
  }
  renderToString(createElement(Probe));
  return toasts;
}

/** A fresh session for the owner, straight from the server. */
async function ownerLogin() {
  location.pathname = '/admin/auth/login';
  const result = await client.call<{ token: string; role: string; roleId: number; id: number }>('POST', 'user/login', {
    body: { username: ownerUsername, password: ownerPassword },
  });
  if (result.error !== undefined) throw new Error(result.error);
  return result.data;
}

function storeSession(token: string) {
  storage.setItem('access-token', token);
  storage.setItem('id', '1');
  storage.setItem('role', 'super-admin');
  storage.setItem('roleId', '1');
  storage.setItem('user', '{"id":1,"username":"owner"}');
  storage.setItem('isLogged', 'true');
  storage.setItem('cart', '[{"id":1,"productId":2,"productQuantity":1}]');
  storage.setItem('pf-user-email', 'shopper@shop.test');
}

beforeAll(async () => {
  product = await startProduct();
  vi.stubEnv('VITE_API_BASE', `${product.url}/v1`);
  Object.defineProperty(globalThis, 'window', {
    value: Object.assign(new EventTarget(), { location }),
    configurable: true,
    writable: true,
  });
  client = await import('../src/lib/http.ts');
  // the toaster is fetched after the first paint in the browser; here it is fetched before the first notice
  await (await import('../src/lib/notices.tsx')).loadNotices();
}, 60_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  if (!closed) await product?.close();
});

beforeEach(() => {
  storage = installMemoryStorage();
  location.pathname = '/';
  location.assign.mockReset();
  toast.remove();
});

describe('the answer wrapper', () => {
  test('a success answers {data}', async () => {
    const result = await client.call<{ companyName: string }>('GET', 'setting');
    expect(result).toEqual({ data: expect.objectContaining({ companyName: 'Corner Shop (demo)' }) });
  });

  test("a refusal answers {error} with the server's text and status; with the toast flag it shows as an error notice", async () => {
    location.pathname = '/admin/auth/login';
    const quiet = await client.call('POST', 'user/login', { body: { username: ownerUsername, password: 'not-the-password' } });
    expect(quiet).toMatchObject({ error: 'username or password is incorrect', status: 401 });
    expect(heldNotices()).toHaveLength(0);

    const loud = await client.call('POST', 'user/login', { body: { username: ownerUsername, password: 'not-the-password' }, toast: true });
    expect(loud).toMatchObject({ error: 'username or password is incorrect', status: 401 });
    expect(heldNotices().map((t) => [t.type, t.message])).toEqual([['error', 'username or password is incorrect']]);
  });

  test('field errors come back with the error', async () => {
    location.pathname = '/admin/auth/login';
    const result = await client.call('POST', 'user/login', { body: {} });
    expect(result).toMatchObject({ status: 400, fields: { username: expect.any(String), password: expect.any(String) } });
  });

  test('the bearer token is sent and the list filters become the list query', async () => {
    storeSession((await ownerLogin()).token);
    location.pathname = '/admin/colour';
    const all = await client.call<{ getAllProductColor: { name: string }[]; totalProductColor: number }>('GET', 'product-color', {
      filters: {},
    });
    expect(all.data?.totalProductColor).toBe(3);
    const found = await client.call<{ getAllProductColor: { name: string }[] }>('GET', 'product-color', {
      filters: { key: 'bla', name: '' },
    });
    expect(found.data?.getAllProductColor.map((c) => c.name)).toEqual(['Black']);
  });
});

describe('a 401', () => {
  test('outside the admin area removes only id, access-token, role, user and isLogged, with no retry or redirect', async () => {
    storeSession('bogus-token');
    location.pathname = '/';
    const result = await client.call('GET', 'product-color', { filters: {} });
    expect(result).toMatchObject({ status: 401 });
    expect(storage.entries()).toEqual({
      roleId: '1',
      cart: '[{"id":1,"productId":2,"productQuantity":1}]',
      'pf-user-email': 'shopper@shop.test',
    });
    expect(location.assign).not.toHaveBeenCalled();
  });

  test('on an admin page, when the refresh fails, clears all local storage and goes to the login page', async () => {
    storeSession('bogus-token');
    location.pathname = '/admin/colour';
    const result = await client.call('GET', 'product-color', { filters: {} });
    expect(result).toMatchObject({ error: fallbackErrorText, status: 401 });
    expect(storage.length).toBe(0);
    expect(location.assign).toHaveBeenCalledExactlyOnceWith('/admin/auth/login');
  });

  test('on the login page is handed back and touches nothing', async () => {
    storeSession('bogus-token');
    location.pathname = '/admin/auth/login';
    const result = await client.call('GET', 'product-color', { filters: {} });
    expect(result).toMatchObject({ status: 401 });
    expect(storage.getItem('access-token')).toBe('bogus-token');
    expect(storage.getItem('isLogged')).toBe('true');
    expect(location.assign).not.toHaveBeenCalled();
  });

  test('a path like /administrator is outside the admin area', async () => {
    storeSession('bogus-token');
    location.pathname = '/administrator';
    await client.call('GET', 'product-color', { filters: {} });
    expect(storage.getItem('cart')).not.toBeNull();
    expect(storage.getItem('access-token')).toBeNull();
    expect(location.assign).not.toHaveBeenCalled();
  });
});

describe('when the server cannot be reached', () => {
  test('the fallback text is the answer, and the error notice when asked', async () => {
    await product.close();
    closed = true;
    const result = await client.call('GET', 'setting', { toast: true });
    expect(result).toEqual({ error: fallbackErrorText, status: 0 });
    expect(fallbackErrorText).toBe('Something went wrong, Please try again');
    expect(heldNotices().map((t) => t.message)).toEqual([fallbackErrorText]);
  });
});
