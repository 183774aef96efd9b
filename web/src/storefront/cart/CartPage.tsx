import { useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../ui/Spinner.tsx';
import { useMoney } from '../shop.ts';
import { CartLines } from './CartLines.tsx';
import { sendLocalCart } from './send-local-cart.ts';
import { useCart } from './use-cart.ts';
import './cart.css';

/** The cart at /cart: its lines with − and +, the total, Empty cart and Checkout. */
export function CartPage() {
  const cart = useCart();
  const money = useMoney();
  const [busy, setBusy] = useState(false);
  const act = async (run: () => Promise<unknown>) => {
    setBusy(true);
    await run();
    setBusy(false);
  };
  if (cart.loading) return <Spinner />;
  return (
    <main data-testid="cart-page">
      <h1 className="shop-title">Cart</h1>
      {cart.loadError && <p className="account-notice">{cart.loadError}</p>}
      {cart.shopper && cart.leftBehind.length > 0 && (
        <p className="cart-note" data-testid="cart-left-behind">
          {cart.leftBehind.length} {cart.leftBehind.length === 1 ? 'line' : 'lines'} added before you logged in could not be added to your
          cart.{' '}
          <button
            type="button"
            className="cart-link-button"
            disabled={busy}
            onClick={() => void act(async () => cart.shopper && (await sendLocalCart(cart.shopper)) && cart.reload())}
          >
            Try again
          </button>
        </p>
      )}
      {cart.lines.length === 0 ? (
        <div className="cart-empty">
          <p>Your cart is empty.</p>
          <Link to="/products">See the products</Link>
        </div>
      ) : (
        <div className="cart-page">
          <CartLines
            lines={cart.lines}
            busy={busy}
            onChange={(line, type) => void act(() => cart.change(line, type))}
            onRemove={(line) => void act(() => cart.remove(line))}
          />
          <aside className="cart-summary" aria-label="Summary">
            <h2>Summary</h2>
            <div className="cart-total">
              <span>Total</span>
              <strong data-testid="cart-total">{money(cart.total)}</strong>
            </div>
            <div className="cart-actions">
              <button type="button" className="cart-button cart-button-plain" disabled={busy} onClick={() => void act(cart.empty)}>
                Empty cart
              </button>
              <Link to="/checkout" className="cart-button">
                Checkout
              </Link>
            </div>
          </aside>
        </div>
      )}
    </main>
  );
}
