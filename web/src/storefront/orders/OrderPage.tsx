import { useQuery } from '@tanstack/react-query';
import { type CartOrderDetail, shopRoutes as routes } from '@tillbook/contract';
import { lazy, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { LoggedOut } from '../account/LoggedOut.tsx';
import { useShopper } from '../account/shopper.ts';
import { CartLines } from '../cart/CartLines.tsx';
import { useCart } from '../cart/use-cart.ts';
import { OrderReturns } from '../returns/OrderReturns.tsx';
import { ReturnForm } from '../returns/ReturnForm.tsx';
import { useMoney } from '../shop.ts';
import { day, statusLabels, when } from './order-status.ts';
import { ResendPayment } from './ResendPayment.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import '../account/account.css';
import '../cart/cart.css';
import '../checkout/checkout.css';
import './orders.css';

/** Loaded only when an order is not found (the storefront's first load and the delivery test keep it apart). */
const NotFound = lazy(async () => ({ default: (await import('../../ui/NotFound.tsx')).NotFound }));

type Order = CartOrderDetail['singleCartOrder'];

const shownLines = (o: Order) =>
  o.cartOrderProduct.map((l) => ({
    id: l.id,
    productId: l.productId,
    name: l.product.name,
    thumbnail: l.product.productThumbnailImage,
    colour: l.colors?.name ?? null,
    attributes: l.cartOrderAttributeValue.map((v) => v.name),
    quantity: l.productQuantity,
    unitPrice: l.unitPrice,
    lineTotal: l.lineTotal,
    priceChanged: false,
    stockShort: false,
    stock: null,
  }));

/** An order's query, shared by the order page and the order-placed page. */
export function useOrder(id: string) {
  const shopper = useShopper();
  const valid = /^\d+$/.test(id);
  const order = useQuery({
    queryKey: ['my-order', id],
    queryFn: () => api(routes.order.get, { params: { id } }),
    enabled: valid && !!shopper,
  });
  return { shopper, valid, order };
}

function Totals({ detail }: { detail: CartOrderDetail }) {
  const money = useMoney();
  const o = detail.singleCartOrder;
  return (
    <dl className="checkout-totals" data-testid="order-totals">
      <dt>Goods</dt>
      <dd>{money(o.productAmount)}</dd>
      {o.couponAmount > 0 && (
        <>
          <dt>Coupon {o.couponCode}</dt>
          <dd data-testid="order-coupon">−{money(o.couponAmount)}</dd>
        </>
      )}
      <dt>Delivery{o.deliveryArea ? ` (${o.deliveryArea})` : ''}</dt>
      <dd>{money(o.deliveryFee)}</dd>
      <dt className="checkout-total">Total</dt>
      <dd className="checkout-total" data-testid="order-total">
        {money(o.totalAmount)}
      </dd>
      {o.returnAmount > 0 && (
        <>
          <dt>Returned</dt>
          <dd data-testid="order-returned">−{money(o.returnAmount)}</dd>
        </>
      )}
      <dt>Paid</dt>
      <dd data-testid="order-paid">{money(detail.totalPaidAmount)}</dd>
      {/* below zero once returned goods are back and before the money goes back: the shop owes the shopper */}
      <dt>{detail.dueAmount < 0 ? 'We owe you' : 'Due'}</dt>
      <dd data-testid="order-due">{money(Math.abs(detail.dueAmount))}</dd>
    </dl>
  );
}

/** One order at /orders/:id: its status and history, lines, totals, delivery and payment, and "Buy again". */
export function OrderPage() {
  const { id = '' } = useParams();
  const { shopper, valid, order } = useOrder(id);
  const cart = useCart();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [returning, setReturning] = useState(false);
  if (!shopper) return <LoggedOut title="Order" />;
  const result = order.data;
  if (!valid || (result?.error !== undefined && [400, 403, 404].includes(result.status))) return <NotFound shop />;
  if (order.isLoading || !result) return <Spinner />;
  if (result.error !== undefined) return <p className="account-notice">{result.error}</p>;
  const detail = result.data;
  const o = detail.singleCartOrder;
  // a delivered order with something left to send back (the server counts what was already returned)
  const mayReturn = o.orderStatus === 'DELIVERED' && o.cartOrderProduct.some((l) => l.returnableQuantity > 0);

  async function buyAgain() {
    setBusy(true);
    const added = await cart.addLines(
      o.cartOrderProduct.map((l) => ({
        productId: l.productId,
        productQuantity: l.productQuantity,
        colorId: l.colorId,
        productAttributeValueId: l.cartOrderAttributeValue.map((v) => v.productAttributeValueId),
      })),
    );
    setBusy(false);
    if (added) navigate('/cart');
  }

  return (
    <main className="orders" data-testid="order-page">
      <p>
        <Link to="/orders">← My orders</Link>
      </p>
      <div className="order-title">
        <h1 className="shop-title">Order #{o.id}</h1>
        <StatusBadge status={o.orderStatus} />
      </div>
      <p className="checkout-muted">Placed on {day(o.date)}</p>
      <div className="checkout-grid">
        <div className="checkout-main order-main">
          <section className="checkout-section" aria-labelledby="order-items">
            <h2 id="order-items">Items</h2>
            <CartLines lines={shownLines(o)} />
            <Totals detail={detail} />
            <div className="return-buttons">
              <button type="button" className="cart-button" disabled={busy} onClick={() => void buyAgain()}>
                Buy again
              </button>
              {mayReturn && !returning && (
                <button type="button" className="cart-button cart-button-plain" onClick={() => setReturning(true)}>
                  Return items
                </button>
              )}
            </div>
          </section>
          {returning && mayReturn && <ReturnForm order={o} onClose={() => setReturning(false)} />}
          <OrderReturns order={o} />
        </div>
        <aside className="checkout-summary">
          <section className="checkout-section" aria-labelledby="order-history">
            <h2 id="order-history">Status</h2>
            <ol className="order-history" data-testid="order-history">
              {o.history.map((h) => (
                <li key={`${h.orderStatus}-${h.createdAt}`}>
                  <strong>{statusLabels[h.orderStatus]}</strong>
                  <span className="checkout-muted">{when(h.createdAt)}</span>
                </li>
              ))}
            </ol>
          </section>
          {o.isCod === 'false' && o.isVerified === 'Reject' && o.orderStatus !== 'CANCELLED' && <ResendPayment orderId={o.id} />}
          <section className="checkout-section" aria-labelledby="order-delivery">
            <h2 id="order-delivery">Delivery and payment</h2>
            <dl className="order-facts">
              <dt>Address</dt>
              <dd>{o.deliveryAddress ?? '—'}</dd>
              <dt>Phone</dt>
              <dd>{o.customerPhone ?? '—'}</dd>
              {o.courierMedium && (
                <>
                  <dt>Courier</dt>
                  <dd>{o.courierMedium}</dd>
                </>
              )}
              {o.trackingNumber && (
                <>
                  <dt>Tracking number</dt>
                  <dd data-testid="order-tracking">{o.trackingNumber}</dd>
                </>
              )}
              <dt>Payment</dt>
              <dd data-testid="order-payment">
                {o.paymentMethod}
                {o.isCod === 'false' &&
                  ` (${o.isVerified === 'Accept' ? 'payment accepted' : o.isVerified === 'Reject' ? 'payment refused' : 'payment being checked'})`}
              </dd>
              {o.note && (
                <>
                  <dt>Note</dt>
                  <dd>{o.note}</dd>
                </>
              )}
            </dl>
          </section>
        </aside>
      </div>
    </main>
  );
}
