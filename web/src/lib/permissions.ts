import { useSyncExternalStore } from 'react';
import { http } from './http.ts';
import { roleId } from './session.ts';

/** The signed-in role's permission names, loaded after login and when the admin area opens. */
let names: Set<string> | null = null;
const listeners = new Set<() => void>();

export async function loadPermissions(): Promise<void> {
  const id = roleId();
  if (!id) return;
  const result = await http.get<{ permissions: string[] }>(`role-permission/permission?roleId=${id}`);
  names = new Set(result.data?.permissions ?? []);
  listeners.forEach((l) => l());
}

export const clearPermissions = () => {
  names = null;
  listeners.forEach((l) => l());
};

export function usePermissions(): { loaded: boolean; can: (name: string) => boolean } {
  const snapshot = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => names,
  );
  return { loaded: snapshot !== null, can: (name: string) => snapshot?.has(name) ?? false };
}
