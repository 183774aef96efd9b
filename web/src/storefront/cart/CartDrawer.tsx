import { lazy, Suspense, useEffect, useRef } from 'react';
import { useCartCount } from './cart-count.ts';
import { setCartDrawer, useCartDrawer } from './drawer-state.ts';
import './cart-button.css';

// the drawer's lines and their changes are fetched when it first opens (the header is the first load)
const DrawerContent = lazy(async () => ({ default: (await import('./CartDrawerContent.tsx')).CartDrawerContent }));

/** The header's cart button: the cart's count of units; it opens the drawer. */
export function CartButton() {
  const count = useCartCount();
  return (
    <button
      type="button"
      className="store-icon-button cart-open"
      aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
      data-testid="cart-button"
      onClick={() => setCartDrawer(true)}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path
          d="M3 4h2l2.4 11h11.2L21 7H6.2M9 20a1 1 0 1 0 0-.01M18 20a1 1 0 1 0 0-.01"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {count > 0 && (
        <span className="cart-count" data-testid="cart-count">
          {count}
        </span>
      )}
    </button>
  );
}

/** The cart in a drawer from the right (a modal dialog: Escape or a tap beside it closes it). */
export function CartDrawer() {
  const open = useCartDrawer();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    // a click on the dialog itself (not its content) is a click on the backdrop
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes a modal dialog natively (onClose)
    <dialog
      ref={dialog}
      className="cart-drawer"
      aria-labelledby="cart-drawer-title"
      onClose={() => setCartDrawer(false)}
      onClick={(event) => event.target === dialog.current && setCartDrawer(false)}
    >
      {open && (
        <Suspense fallback={<p className="cart-drawer-loading">Loading…</p>}>
          <DrawerContent />
        </Suspense>
      )}
    </dialog>
  );
}

/** The header's cart: the button and its drawer. */
export function HeaderCart() {
  return (
    <>
      <CartButton />
      <CartDrawer />
    </>
  );
}
