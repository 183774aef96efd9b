import { useSyncExternalStore } from 'react';
import { currentUser, customerRole, isLogged, onSessionChange, type SessionUser, storageKeys } from '../../lib/session.ts';

/** The signed-in shopper, or null: the session must be logged in under the customer role. */
function readShopper(): SessionUser | null {
  if (!isLogged() || localStorage.getItem(storageKeys.role) !== customerRole) return null;
  return currentUser();
}

// the snapshot must be the same object while nothing changed: keep it per raw stored value
let lastKey: string | null = null;
let lastShopper: SessionUser | null = null;
function snapshot(): SessionUser | null {
  const key = `${localStorage.getItem(storageKeys.isLogged)}|${localStorage.getItem(storageKeys.role)}|${localStorage.getItem(storageKeys.user)}`;
  if (key !== lastKey) {
    lastKey = key;
    lastShopper = readShopper();
  }
  return lastShopper;
}

/** The signed-in shopper, following logins, logouts and a 401 that removes the session keys. */
export function useShopper(): SessionUser | null {
  return useSyncExternalStore(onSessionChange, snapshot);
}

/** The name the header shows: first and last name, else the username, else the e-mail. */
export function shopperName(user: SessionUser): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return full || user.username || user.email || '';
}
