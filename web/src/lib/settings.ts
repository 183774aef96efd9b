import { useSyncExternalStore } from 'react';
import { http } from './http.ts';

export interface PublicSettings {
  companyName: string;
  tagLine?: string | null;
  logo: string | null;
  footer?: string | null;
  currency?: { id: number; currencyName: string; currencySymbol: string } | null;
  [key: string]: unknown;
}

interface SettingsState {
  data: PublicSettings | null;
  loading: boolean;
  error: string | null;
}

let state: SettingsState = { data: null, loading: false, error: null };
const listeners = new Set<() => void>();
const set = (next: Partial<SettingsState>) => {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
};

async function fetchSettings() {
  set({ loading: true });
  const result = await http.get<PublicSettings>('setting');
  if (result.error !== undefined) set({ loading: false, error: result.error });
  else set({ loading: false, data: result.data, error: null });
}

/** Loads the settings once: only when none are loaded, none loading and no error held. */
export function loadSettingsOnce() {
  if (!state.data && !state.loading && !state.error) void fetchSettings();
}

/** After login (or a settings change) the settings are loaded again. */
export const reloadSettings = () => fetchSettings();

export function useSettings(): SettingsState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
