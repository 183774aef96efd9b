import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMoney } from '../shop.ts';
import { CartLines } from './CartLines.tsx';
import { setCartDrawer, useCartDrawer } from './drawer-state.ts';
import { type ShownLine, useCart } from './use-cart.ts';
import './cart.css';

/** The header's cart button: the cart's count of units; it opens the drawer. */
export function CartButton() {
  const { count } = useCart();
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

function DrawerContent() {
  const cart = useCart();
  const money = useMoney();
  const [busy, setBusy] = useState(false);
  const close = () => setCartDrawer(false);
  const act = async (run: () => Promise<boolean>) => {
    setBusy(true);
    await run();
    setBusy(false);
  };
  return (
    <div className="cart-drawer-panel" data-testid="cart-drawer">
      <div className="store-drawer-head">
        <h2 id="cart-drawer-title">Cart</h2>
        <button type="button" className="store-icon-button" aria-label="Close" onClick={close}>
          ×
        </button>
      </div>
      <div className="cart-drawer-body">
        {cart.loading ? (
          <p className="cart-empty">Loading…</p>
        ) : cart.lines.length === 0 ? (
          <p className="cart-empty">Your cart is empty.</p>
        ) : (
          <CartLines
            lines={cart.lines}
            busy={busy}
            onChange={(line: ShownLine, type) => void act(() => cart.change(line, type))}
            onRemove={(line) => void act(() => cart.remove(line))}
          />
        )}
      </div>
      {cart.lines.length > 0 && (
        <div className="cart-drawer-foot">
          <div className="cart-total">
            <span>Total</span>
            <strong data-testid="cart-total">{money(cart.total)}</strong>
          </div>
          <div className="cart-actions">
            <Link to="/cart" className="cart-button cart-button-plain" onClick={close}>
              View cart
            </Link>
            <Link to="/checkout" className="cart-button" onClick={close}>
              Checkout
            </Link>
          </div>
        </div>
      )}
    </div>
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
      {open && <DrawerContent />}
    </dialog>
  );
}
