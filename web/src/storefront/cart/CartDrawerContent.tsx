import { useState } from 'react';
import { Link } from 'react-router';
import { useMoney } from '../shop.ts';
import { CartLines } from './CartLines.tsx';
import { setCartDrawer } from './drawer-state.ts';
import { type ShownLine, useCart } from './use-cart.ts';
import './cart.css';

/** The drawer's content: the lines with − and +, the total, "View cart" and "Checkout". */
export function CartDrawerContent() {
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
