import { useQuery } from '@tanstack/react-query';
import { shopRoutes as routes } from '@tillbook/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { LoggedOut } from '../account/LoggedOut.tsx';
import { useShopper } from '../account/shopper.ts';
import { useMoney } from '../shop.ts';
import { day } from './order-status.ts';
import { StatusBadge } from './StatusBadge.tsx';
import '../checkout/checkout.css';
import './orders.css';

const count = 10;

/** "My orders" at /orders: the shopper's own orders, newest first (a shopper's token gets only theirs). */
export function OrdersPage() {
  const shopper = useShopper();
  const money = useMoney();
  const [page, setPage] = useState(1);
  const orders = useQuery({
    queryKey: ['my-orders', shopper?.id, page],
    queryFn: () => must(api(routes.order.list, { query: { page, count, sort: 'id', order: 'desc' } })),
    enabled: !!shopper,
  });
  if (!shopper) return <LoggedOut title="My orders" />;
  if (orders.isLoading) return <Spinner />;
  if (orders.error) return <p className="account-notice">{orders.error.message}</p>;
  const list = orders.data?.getAllCartOrder ?? [];
  const total = orders.data?.totalCartOrder ?? 0;
  const pages = Math.max(1, Math.ceil(total / count));
  return (
    <main className="orders" data-testid="my-orders">
      <div className="order-title">
        <h1 className="shop-title">My orders</h1>
        <Link to="/returns">My returns</Link>
      </div>
      {list.length === 0 ? (
        <div className="cart-empty">
          <p>You have no orders yet.</p>
          <Link to="/products">See the products</Link>
        </div>
      ) : (
        <ul className="order-list">
          {list.map((o) => (
            <li key={o.id}>
              <Link to={`/orders/${o.id}`} className="order-row" data-testid="order-row">
                <span className="order-row-head">
                  <strong>Order #{o.id}</strong>
                  <StatusBadge status={o.orderStatus} />
                </span>
                <span className="order-row-foot">
                  <span className="checkout-muted">{day(o.date)}</span>
                  <strong data-testid="order-row-total">{money(o.totalAmount)}</strong>
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
