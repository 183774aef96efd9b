import { routes } from '@tillbook/contract';
import { useCallback, useSyncExternalStore } from 'react';
import { api } from './api.ts';
import { roleId } from './session.ts';

/** The signed-in role's permission names, loaded after login and when the admin area opens. */
let names: Set<string> | null = null;
const listeners = new Set<() => void>();

/** Without a role, or when the call fails, the role may do nothing (rather than the admin area waiting for ever). */
export async function loadPermissions(): Promise<void> {
  const id = roleId();
  const result = id ? await api(routes.rolePermission.read, { query: { roleId: id } }) : null;
  names = new Set(result?.data?.permissions ?? []);
  for (const l of listeners) l();
}

export const clearPermissions = () => {
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
