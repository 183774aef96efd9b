import { useQuery } from '@tanstack/react-query';
import { shopRoutes as routes } from '@tillbook/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { LoggedOut } from '../account/LoggedOut.tsx';
import { useShopper } from '../account/shopper.ts';
import { day } from '../orders/order-status.ts';
import { useMoney } from '../shop.ts';
import { returnStatusLabels, returnTypeLabels } from './return-words.ts';
import '../checkout/checkout.css';
import '../orders/orders.css';
import './returns.css';

const count = 10;

/** "My returns" at /returns: the shopper's own returns, newest first, each opening its order. */
export function ReturnsPage() {
  const shopper = useShopper();
  const money = useMoney();
  const [page, setPage] = useState(1);
  const returns = useQuery({
    queryKey: ['my-returns', shopper?.id, page],
    queryFn: () => must(api(routes.returnOrder.list, { query: { page, count, sort: 'id', order: 'desc' } })),
    enabled: !!shopper,
  });
  if (!shopper) return <LoggedOut title="My returns" />;
  if (returns.isLoading) return <Spinner />;
  if (returns.error) return <p className="account-notice">{returns.error.message}</p>;
  const list = returns.data?.getAllReturnCartOrder ?? [];
  const pages = Math.max(1, Math.ceil((returns.data?.totalReturnCartOrder ?? 0) / count));
  return (
    <main className="orders" data-testid="my-returns">
      <p>
        <Link to="/orders">← My orders</Link>
      </p>
      <h1 className="shop-title">My returns</h1>
      {list.length === 0 ? (
        <div className="cart-empty">
          <p>You have not returned anything. A delivered order's page has "Return items".</p>
        </div>
      ) : (
        <ul className="order-list">
          {list.map((r) => (
            <li key={r.id}>
              <Link to={`/orders/${r.cartOrderId}`} className="order-row" data-testid="return-row">
                <span className="order-row-head">
                  <strong>
                    Return #{r.id} · order #{r.cartOrderId}
                  </strong>
                  <span className={`order-status return-status-${r.returnCartOrderStatus.toLowerCase()}`} data-testid="return-status">
                    {returnStatusLabels[r.returnCartOrderStatus]}
                  </span>
                </span>
                <span className="order-row-foot">
                  <span className="checkout-muted">
                    {day(r.date)} · {returnTypeLabels[r.returnType]} · {r.totalQuantity} {r.totalQuantity === 1 ? 'item' : 'items'}
                  </span>
                  <strong>{money(r.totalAmount)}</strong>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="order-pages" aria-label="Pages">
          <button type="button" className="cart-button cart-button-plain" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" className="cart-button cart-button-plain" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </button>
        </nav>
      )}
    </main>
  );
}
