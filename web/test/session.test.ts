import { beforeEach, describe, expect, test } from 'vitest';
import {
  applyDemoSession,
  clearAll,
  currentUser,
  displayName,
  isLogged,
  removeSessionKeys,
  roleId,
  saveCustomerSession,
  saveStaffSession,
  storageKeys,
  updateStoredUser,
} from '../src/lib/session.ts';
import { installMemoryStorage, type MemoryStorage } from './memory-storage.ts';

let storage: MemoryStorage;
beforeEach(() => {
  storage = installMemoryStorage();
});

const at = (pathname: string, search = '') => ({ pathname, search });

describe('the display name', () => {
  test('is first and last name when both exist', () => {
    expect(displayName({ id: 1, firstName: 'Ada', lastName: 'Lovelace', username: 'ada' })).toBe('Ada Lovelace');
  });

  test('is the username when either name is missing or empty', () => {
    expect(displayName({ id: 1, firstName: 'Ada', lastName: null, username: 'ada' })).toBe('ada');
    expect(displayName({ id: 1, lastName: 'Lovelace', username: 'ada' })).toBe('ada');
    expect(displayName({ id: 1, firstName: '', lastName: 'Lovelace', username: 'ada' })).toBe('ada');
  });

  test('is nothing when there is neither', () => {
    expect(displayName({ id: 1, firstName: 'Ada' })).toBe('');
    expect(displayName({ id: 1, username: null })).toBe('');
    expect(displayName(null)).toBe('');
    expect(displayName(undefined)).toBe('');
  });
});

describe('the stored session', () => {
  const login = {
    token: 'tok',
    role: 'cashier',
    roleId: 4,
    id: 7,
    email: 'c@shop.test',
    firstName: 'Cara',
    lastName: 'Cash',
    username: 'cara',
  };

  test('a staff login is kept under exactly the spec keys', () => {
    saveStaffSession(login);
    expect(storage.entries()).toEqual({
      'access-token': 'tok',
      role: 'cashier',
      roleId: '4',
      id: '7',
      isLogged: 'true',
      user: JSON.stringify({ id: 7, email: 'c@shop.test', firstName: 'Cara', lastName: 'Cash', username: 'cara' }),
    });
    expect(isLogged()).toBe(true);
    expect(roleId()).toBe(4);
    expect(displayName(currentUser())).toBe('Cara Cash');
  });

  test('outside the admin area only the session keys go; the cart and the rest stay', () => {
    saveStaffSession(login);
    storage.setItem(storageKeys.cart, '[{"id":1}]');
    storage.setItem(storageKeys.customerEmail, 'c@shop.test');
    removeSessionKeys();
    expect(storage.entries()).toEqual({ roleId: '4', cart: '[{"id":1}]', 'pf-user-email': 'c@shop.test' });
    expect(isLogged()).toBe(false);
  });

  test("a shopper's login is stored under the spec's keys, role by name, and a 401 outside the admin removes it all but the cart", () => {
    storage.setItem(storageKeys.cart, '[{"id":2}]');
    saveCustomerSession({ token: 'shopper-token', id: 12, email: 'ann@shop.test', username: 'ann', firstName: null, lastName: null });
    expect(storage.entries()).toEqual({
      'access-token': 'shopper-token',
      role: 'customer',
      id: '12',
      user: JSON.stringify({ id: 12, email: 'ann@shop.test', username: 'ann', firstName: null, lastName: null }),
      isLogged: 'true',
      cart: '[{"id":2}]',
    });
    // a profile change renames the stored user and keeps the token
    updateStoredUser({ firstName: 'Ann', lastName: 'Lee' });
    expect(displayName(currentUser())).toBe('Ann Lee');
    expect(storage.getItem(storageKeys.accessToken)).toBe('shopper-token');
    removeSessionKeys();
    expect(storage.entries()).toEqual({ cart: '[{"id":2}]' });
  });

  test('clearing removes everything', () => {
    saveStaffSession(login);
    storage.setItem(storageKeys.cart, '[]');
    clearAll();
    expect(storage.length).toBe(0);
  });

  test('a user entry that is not JSON reads as no user', () => {
    storage.setItem(storageKeys.user, '{broken');
    expect(currentUser()).toBeNull();
  });
});

describe('the demo shortcut', () => {
  const demo = '?demo&token=demo-token&id=3&roleId=2&role=manager';

  test('under /admin with demo present, the session is taken from the parameters', () => {
    expect(applyDemoSession(at('/admin/dashboard', demo))).toBe(true);
    expect(storage.entries()).toMatchObject({ 'access-token': 'demo-token', id: '3', roleId: '2', role: 'manager', isLogged: 'true' });
    expect(isLogged()).toBe(true);
    expect(currentUser()?.id).toBe(3);
  });

  test('works on /admin itself and with demo given a value', () => {
    expect(applyDemoSession(at('/admin', '?demo=1&token=t&id=1&roleId=1&role=super-admin'))).toBe(true);
    expect(storage.getItem('access-token')).toBe('t');
  });

  test('without demo nothing is saved', () => {
    expect(applyDemoSession(at('/admin/dashboard', '?token=demo-token&id=3&roleId=2&role=manager'))).toBe(false);
    expect(storage.length).toBe(0);
  });

  test('outside /admin nothing is saved', () => {
    expect(applyDemoSession(at('/', demo))).toBe(false);
    expect(applyDemoSession(at('/shop/admin-tools', demo))).toBe(false);
    expect(applyDemoSession(at('/administrator', demo))).toBe(false);
    expect(storage.length).toBe(0);
  });

  test('with a parameter missing nothing is saved, not half a session', () => {
    expect(applyDemoSession(at('/admin/dashboard', '?demo&token=demo-token&id=3&roleId=2'))).toBe(false);
    expect(applyDemoSession(at('/admin/dashboard', '?demo&id=3&roleId=2&role=manager'))).toBe(false);
    expect(storage.length).toBe(0);
  });
});
