import { shopRoutes as routes } from '@tillbook/contract';
import { useCallback, useSyncExternalStore } from 'react';
import { api } from './api.ts';
import { roleId } from './session.ts';

/** The signed-in role's permission names, loaded after login and when the admin area opens. */
let names: Set<string> | null = null;
const listeners = new Set<() => void>();

let pending: { roleId: number | null; done: Promise<void> } | null = null;

async function fetchPermissions(load: { roleId: number | null }) {
  const result = load.roleId ? await api(routes.rolePermission.read, { query: { roleId: load.roleId } }) : null;
  if (pending !== load) return; // cleared, or a newer load (another role) has the last word
  pending = null;
  names = new Set(result?.data?.permissions ?? []);
  for (const l of listeners) l();
}

/**
 * Without a role, or when the call fails, the role may do nothing (rather than the admin area waiting for ever).
 * With `share`, a call while one for the same role is under way shares it (the entry starts it early, the admin
 * area asks again on opening); without, it asks afresh (after login, after a change to the role's permissions).
 */
export function loadPermissions({ share = false } = {}): Promise<void> {
  const id = roleId();
  if (share && pending?.roleId === id) return pending.done;
  const load: { roleId: number | null; done: Promise<void> } = { roleId: id, done: Promise.resolve() };
  pending = load;
  load.done = fetchPermissions(load);
  return load.done;
}

export const clearPermissions = () => {
  pending = null;
  names = null;
  for (const l of listeners) l();
};

export function usePermissions(): { loaded: boolean; can: (name: string) => boolean } {
  const snapshot = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => names,
  );
  const can = useCallback((name: string) => snapshot?.has(name) ?? false, [snapshot]);
  return { loaded: snapshot !== null, can };
}
