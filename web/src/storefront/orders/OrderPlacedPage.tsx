import { lazy } from 'react';
import { Link, useParams } from 'react-router';
import { Spinner } from '../../ui/Spinner.tsx';
import { LoggedOut } from '../account/LoggedOut.tsx';
import { useMoney } from '../shop.ts';
import { useOrder } from './OrderPage.tsx';
import '../account/account.css';
import './orders.css';

/** Loaded only when an order is not found (the storefront's first load and the delivery test keep it apart). */
const NotFound = lazy(async () => ({ default: (await import('../../ui/NotFound.tsx')).NotFound }));

/** After checkout, at /orders/:id/placed: the order's number, its total and what happens next. */
export function OrderPlacedPage() {
  const { id = '' } = useParams();
  const { shopper, valid, order } = useOrder(id);
  const money = useMoney();
  if (!shopper) return <LoggedOut title="Order placed" />;
  const result = order.data;
  if (!valid || (result?.error !== undefined && [400, 403, 404].includes(result.status))) return <NotFound shop />;
  if (order.isLoading || !result) return <Spinner />;
  if (result.error !== undefined) return <p className="account-notice">{result.error}</p>;
  const o = result.data.singleCartOrder;
  return (
    <main className="account-page order-placed" data-testid="order-placed">
      <h1>Thank you for your order</h1>
      <p>
        Your order number is <strong data-testid="order-number">#{o.id}</strong>.
      </p>
      <p>
        Total: <strong data-testid="order-placed-total">{money(o.totalAmount)}</strong>
        {o.isCod === 'true' ? ', to pay when it arrives.' : ` (paid by ${o.paymentMethod}: we will check your payment).`}
      </p>
      <div className="account-links">
        <Link to={`/orders/${o.id}`}>See the order</Link>
        <Link to="/products">Continue shopping</Link>
      </div>
    </main>
  );
}
