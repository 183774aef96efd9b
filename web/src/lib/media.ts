import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following the window as it changes (antd's Grid.useBreakpoint without antd). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** antd's md breakpoint: from 768 px the layouts are the wide ones. */
export const useWide = () => useMediaQuery('(min-width: 768px)');
