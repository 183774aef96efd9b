import { shopRoutes as routes, type SettingRead } from '@tillbook/contract';
import { useSyncExternalStore } from 'react';
import { api } from './api.ts';

interface SettingsState {
  /** The public settings, and every field when the signed-in role may read them. */
  data: SettingRead | null;
  loading: boolean;
  error: string | null;
}

let state: SettingsState = { data: null, loading: false, error: null };
const listeners = new Set<() => void>();
const set = (next: Partial<SettingsState>) => {
  state = { ...state, ...next };
  for (const l of listeners) l();
};

async function fetchSettings() {
  set({ loading: true });
  const result = await api(routes.setting.read);
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

/** The settings loaded, for formatters that run outside a component (a table cell's render). */
export const currentSettings = (): SettingRead | null => state.data;

/** Today in the shop's time zone (the settings' when the role may read them, else the browser's). */
export function useBusinessDate(): string {
  const { data } = useSettings();
  const zone = data?.timeZone ?? undefined;
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  } catch {
    return new Intl.DateTimeFormat('en-CA').format(new Date());
  }
}
