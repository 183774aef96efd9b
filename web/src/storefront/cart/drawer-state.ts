import { useSyncExternalStore } from 'react';

/** Whether the cart drawer is open: the header's cart button and "Add to cart" both open it. */
let open = false;
const listeners = new Set<() => void>();

export function setCartDrawer(next: boolean) {
  if (open === next) return;
  open = next;
  for (const l of listeners) l();
}

export function useCartDrawer(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
  );
}
