import type { CartOrderDetail } from '@tillbook/contract';
import { Link } from 'react-router';
import { day } from '../orders/order-status.ts';
import { useMoney } from '../shop.ts';
import { returnStatusHelp, returnStatusLabels, returnTypeLabels } from './return-words.ts';
import './returns.css';

type Order = CartOrderDetail['singleCartOrder'];

/** The order's returns on its page, newest first: what went back, what the shopper asked for, and where it stands. */
export function OrderReturns({ order }: { order: Order }) {
  const money = useMoney();
  const names = new Map(order.cartOrderProduct.map((l) => [l.id, l.product.name]));
  if (order.returnCartOrder.length === 0) return null;
  return (
    <section className="checkout-section" aria-labelledby="order-returns">
      <h2 id="order-returns">Returns</h2>
      <ul className="return-list" data-testid="order-returns">
        {order.returnCartOrder.map((r) => (
          <li key={r.id} className="return-card" data-testid="order-return">
            <div className="order-row-head">
              <strong>Return #{r.id}</strong>
              <span className={`order-status return-status-${r.returnCartOrderStatus.toLowerCase()}`} data-testid="return-status">
                {returnStatusLabels[r.returnCartOrderStatus]}
              </span>
            </div>
            <p className="return-help">{returnStatusHelp[r.returnCartOrderStatus]}</p>
            {r.resendCartOrderId && (
              <p className="return-help">
                <Link to={`/orders/${r.resendCartOrderId}`} data-testid="replacement-order">
                  Your replacement: order #{r.resendCartOrderId}
                </Link>
              </p>
            )}
            <ul className="return-items">
              {r.returnCartOrderProduct.map((l) => (
                <li key={l.cartOrderProductId}>
                  {names.get(l.cartOrderProductId) ?? 'Item'} × {l.productQuantity}
                </li>
              ))}
            </ul>
            <div className="order-row-foot">
              <span className="checkout-muted">
                {day(r.date)} · <span data-testid="return-type">{returnTypeLabels[r.returnType]}</span>
              </span>
              <strong data-testid="return-amount">{money(r.totalAmount)}</strong>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
