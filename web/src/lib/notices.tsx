import { type ComponentType, useEffect, useState } from 'react';

type ToasterModule = typeof import('./toaster.tsx');
type Toast = ToasterModule['toast'];

/**
 * The notices (toasts) without the toaster in the first load: react-hot-toast is fetched when the browser is
 * idle after the first paint, or at the first notice, whichever comes first. Notices given before it has
 * arrived are shown as soon as it has, in order; once it is here every notice is shown at once.
 */
let loaded: ToasterModule | null = null;
let loading: Promise<ToasterModule> | null = null;
const waiting = new Set<() => void>();

export function loadNotices(): Promise<ToasterModule> {
  loading ??= import('./toaster.tsx').then((module) => {
    loaded = module;
    for (const wake of waiting) wake();
    return module;
  });
  return loading;
}

function run(show: (toast: Toast) => void) {
  if (loaded) show(loaded.toast);
  else void loadNotices().then((module) => show(module.toast));
}

let counter = 0;
/** Each notice is given its id here, so that one can be dismissed before the toaster has arrived. */
function give(show: (toast: Toast, id: string) => void): string {
  const id = `notice-${++counter}`;
  run((toast) => show(toast, id));
  return id;
}

export const notify = {
  success: (text: string) => give((toast, id) => toast.success(text, { id })),
  error: (text: string) => give((toast, id) => toast.error(text, { id })),
  info: (text: string) => give((toast, id) => toast(text, { id })),
  loading: (text: string) => give((toast, id) => toast.loading(text, { id })),
  dismiss: (id?: string) => run((toast) => toast.dismiss(id)),
};

const idle = (then: () => void) => {
  if ('requestIdleCallback' in window) window.requestIdleCallback(then, { timeout: 2000 });
  else setTimeout(then, 200);
};

/** The toaster at the top centre (toaster.tsx), mounted once it has arrived. */
export function Notices() {
  const [Toaster, setToaster] = useState<ComponentType | null>(() => loaded?.ToasterNotices ?? null);
  useEffect(() => {
    const wake = () => setToaster(() => loaded!.ToasterNotices);
    if (loaded) wake();
    else {
      waiting.add(wake);
      idle(() => void loadNotices());
    }
    return () => {
      waiting.delete(wake);
    };
  }, []);
  return Toaster ? <Toaster /> : null;
}
