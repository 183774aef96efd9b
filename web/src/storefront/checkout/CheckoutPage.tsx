import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type CustomerProfileWithDelivery, shopRoutes as routes } from '@tillbook/contract';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { needsNewKey } from '../../lib/idempotency-key.ts';
import { notify } from '../../lib/notices.tsx';
import { updateStoredUser } from '../../lib/session.ts';
import { useSubmission } from '../../lib/use-submission.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { LoggedOut } from '../account/LoggedOut.tsx';
import { profileKey } from '../account/profile-key.ts';
import { CartLines } from '../cart/CartLines.tsx';
import { serverCartKey, useCart } from '../cart/use-cart.ts';
import { useMoney } from '../shop.ts';
import { type AppliedCoupon, CouponField } from './CouponField.tsx';
import { PaymentChoice } from './PaymentChoice.tsx';
import { useQuote } from './use-quote.ts';
import '../account/account.css';
import '../cart/cart.css';
import './checkout.css';

/** What the checkout calls the fields the server may name in a refusal. */
const fieldLabels: Record<string, string> = {
  deliveryAddress: 'Delivery address',
  customerPhone: 'Phone',
  deliveryFeeId: 'Delivery area',
  paymentMethodId: 'Payment method',
  CustomerAccount: 'Your account',
  CustomerTransactionId: 'Transaction id',
  firstName: 'First name',
  lastName: 'Last name',
};

/** The shopper's first and last name, asked at the first checkout of an account that has none. */
function NameFields({ profile, errors }: { profile: CustomerProfileWithDelivery; errors: Record<string, string> }) {
  const fields = [
    { name: 'firstName', label: 'First name', autoComplete: 'given-name', value: profile.firstName },
    { name: 'lastName', label: 'Last name', autoComplete: 'family-name', value: profile.lastName },
  ];
  return (
    <div className="checkout-name" data-testid="checkout-name">
      {fields.map((f) => (
        <div className="account-field" key={f.name}>
          <label htmlFor={`checkout-${f.name}`}>{f.label}</label>
          <input
            id={`checkout-${f.name}`}
            name={f.name}
            autoComplete={f.autoComplete}
            defaultValue={f.value ?? ''}
            aria-invalid={errors[f.name] ? true : undefined}
          />
          {errors[f.name] && <span className="account-error">{errors[f.name]}</span>}
        </div>
      ))}
    </div>
  );
}

function CheckoutForm({ profile }: { profile: CustomerProfileWithDelivery }) {
  // an account without a name is asked for one (the invoice names the shopper); it is kept on the account
  const [askName] = useState(() => !profile.firstName || !profile.lastName);
  // the last order's address and phone, else the profile's
  const address = profile.lastDelivery?.deliveryAddress ?? profile.address ?? '';
  const phone = profile.lastDelivery?.customerPhone ?? profile.phone ?? '';
  const cart = useCart();
  const money = useMoney();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const areas = useQuery({ queryKey: ['checkout-delivery-fees'], queryFn: () => must(api(routes.publicList.deliveryFee)) });
  const methods = useQuery({ queryKey: ['checkout-payment-methods'], queryFn: () => must(api(routes.publicList.paymentMethod)) });
  const [areaId, setAreaId] = useState<number | null>(null);
  const [methodId, setMethodId] = useState<number | null>(null);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  // one Idempotency-Key per checkout: a double click sends nothing more, a retry after a lost answer sends
  // the same key (the server answers the first order), a refusal or changed details start a new one
  const submission = useSubmission();

  const areaList = areas.data?.getAllDeliveryFee ?? [];
  const methodList = methods.data?.getAllPaymentMethod ?? [];
  const area = areaList.find((a) => a.id === areaId) ?? null;
  const method = methodList.find((m) => m.id === methodId) ?? null;
  const goods = cart.total;
  // the totals are the server's (the checkout's own code), never added up here
  const quote = useQuote(cart.lines.map((l) => `${l.id}:${l.quantity}`).join(','), area?.id ?? null, coupon?.code ?? null);
  const figures = quote.data;

  if (cart.loading) return <Spinner />;
  if (cart.lines.length === 0)
    return (
      <main className="account-page" data-testid="checkout-empty">
        <h1>Checkout</h1>
        <p>Your cart is empty.</p>
        <Link to="/products">See the products</Link>
      </main>
    );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submission.busy) return;
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const missing: Record<string, string> = {
      ...(askName && !text('firstName') && { firstName: 'First name is required' }),
      ...(askName && !text('lastName') && { lastName: 'Last name is required' }),
      ...(!text('deliveryAddress') && { deliveryAddress: 'Delivery address is required' }),
      ...(!text('customerPhone') && { customerPhone: 'Phone is required' }),
      ...(!area && { deliveryFeeId: 'Choose a delivery area' }),
      ...(!method && { paymentMethodId: 'Choose how you pay' }),
      ...(method?.isCod === 'false' && !text('CustomerAccount') && { CustomerAccount: 'Your account is required' }),
      ...(method?.isCod === 'false' && !text('CustomerTransactionId') && { CustomerTransactionId: 'Transaction id is required' }),
    };
    setErrors(missing);
    setRefusal(null);
    if (Object.keys(missing).length > 0 || !area || !method) return;
    const body = {
      deliveryFeeId: area.id,
      paymentMethodId: method.id,
      deliveryAddress: text('deliveryAddress'),
      customerPhone: text('customerPhone'),
      note: text('note') || null,
      ...(askName && { firstName: text('firstName'), lastName: text('lastName') }),
      couponCode: coupon?.code ?? null,
      ...(method.isCod === 'false' && {
        CustomerAccount: text('CustomerAccount'),
        CustomerTransactionId: text('CustomerTransactionId'),
      }),
    };
    const result = await submission.submit(body, (headers) => api(routes.order.create, { body }, { headers }));
    if (!result) return;
    if (result.error !== undefined) {
      // refused: no order was made (the next attempt has a new key); the cart shows what changed (stock, prices)
      if (needsNewKey(result.status)) void cart.reload();
      // else the answer was lost or the server failed: the order may exist, so the form stays as it is and
      // "Place order" again sends the same key (the cart is not read again: it may already be the order)
      // the server's reasons under the fields they name ('is required' → 'Phone is required')
      setErrors(
        Object.fromEntries(Object.entries(result.fields ?? {}).map(([name, reason]) => [name, `${fieldLabels[name] ?? 'This'} ${reason}`])),
      );
      setRefusal(result.error);
      return;
    }
    const order = result.data.createdCartOrder;
    notify.success(result.data.message);
    navigate(`/orders/${order.id}/placed`, { replace: true });
    // the cart became the order
    void queryClient.invalidateQueries({ queryKey: serverCartKey(profile.id) });
    void queryClient.invalidateQueries({ queryKey: ['my-orders'] });
    // the name given here is on the account now, and this order's address is the next checkout's
    void queryClient.invalidateQueries({ queryKey: profileKey });
    if (askName) updateStoredUser({ firstName: body.firstName, lastName: body.lastName });
  }

  return (
    <main className="checkout" data-testid="checkout-page">
      <h1 className="shop-title">Checkout</h1>
      <form
        className="checkout-grid"
        onSubmit={(e) => void onSubmit(e)}
        // a field's error goes as soon as the shopper changes it
        onChange={(e) => {
          const { name } = e.target as unknown as { name?: string };
          if (name && errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
        }}
        noValidate
      >
        <div className="checkout-main account-form">
          <section className="checkout-section" aria-labelledby="checkout-delivery">
            <h2 id="checkout-delivery">Delivery</h2>
            {askName && <NameFields profile={profile} errors={errors} />}
            <div className="account-field">
              <label htmlFor="checkout-address">Delivery address</label>
              <textarea
                id="checkout-address"
                name="deliveryAddress"
                rows={3}
                defaultValue={address}
                aria-invalid={errors.deliveryAddress ? true : undefined}
              />
              {errors.deliveryAddress && <span className="account-error">{errors.deliveryAddress}</span>}
            </div>
            <div className="account-field">
              <label htmlFor="checkout-phone">Phone</label>
              <input
                id="checkout-phone"
                name="customerPhone"
                type="tel"
                autoComplete="tel"
                defaultValue={phone}
                aria-invalid={errors.customerPhone ? true : undefined}
              />
              {errors.customerPhone && <span className="account-error">{errors.customerPhone}</span>}
            </div>
            <div className="account-field">
              <label htmlFor="checkout-area">Delivery area</label>
              <select
                id="checkout-area"
                name="deliveryFeeId"
                value={areaId ?? ''}
                onChange={(e) => setAreaId(e.target.value ? Number(e.target.value) : null)}
                aria-invalid={errors.deliveryFeeId ? true : undefined}
              >
                <option value="">{areas.isLoading ? 'Loading…' : 'Choose an area'}</option>
                {areaList.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.deliveryArea} ({money(a.deliveryFee)})
                  </option>
                ))}
              </select>
              {areas.error && (
                <span className="account-error">The delivery areas could not be loaded: {(areas.error as Error).message}</span>
              )}
              {errors.deliveryFeeId && <span className="account-error">{errors.deliveryFeeId}</span>}
            </div>
            <div className="account-field">
              <label htmlFor="checkout-note">Note (optional)</label>
              <textarea id="checkout-note" name="note" rows={2} />
            </div>
          </section>
          <PaymentChoice
            methods={methodList}
            loading={methods.isLoading}
            loadError={methods.error ? (methods.error as Error).message : null}
            chosen={methodId}
            onChoose={setMethodId}
            errors={errors}
          />
        </div>
        <aside className="cart-summary checkout-summary" aria-label="Your order">
          <h2>Your order</h2>
          <CartLines lines={cart.lines} />
          <Link to="/cart" className="checkout-edit">
            Change the cart
          </Link>
          <CouponField goods={goods} applied={coupon} onApply={setCoupon} />
          <dl className="checkout-totals" data-testid="checkout-totals">
            <dt>Goods</dt>
            <dd data-testid="checkout-goods">{money(figures?.productAmount ?? goods)}</dd>
            {coupon && (
              <>
                <dt>Coupon {coupon.code}</dt>
                <dd data-testid="checkout-coupon">{figures ? `−${money(figures.couponAmount)}` : '…'}</dd>
              </>
            )}
            <dt>Delivery</dt>
            <dd data-testid="checkout-delivery-fee">{area ? money(figures?.deliveryFee ?? area.deliveryFee) : '—'}</dd>
            <dt className="checkout-total">Total</dt>
            <dd className="checkout-total" data-testid="checkout-total">
              {figures ? money(figures.totalAmount) : '…'}
            </dd>
            {figures && figures.totalVatAmount > 0 && (
              <>
                <dt>VAT included</dt>
                <dd data-testid="checkout-vat">{money(figures.totalVatAmount)}</dd>
              </>
            )}
          </dl>
          {quote.error && (
            <p className="account-error" role="alert" data-testid="checkout-quote-refusal">
              {quote.error.message}
            </p>
          )}
          {refusal && (
            <p className="account-error checkout-refusal" role="alert" data-testid="checkout-refusal">
              {refusal}
            </p>
          )}
          <button type="submit" className="cart-button checkout-place" disabled={submission.busy}>
            {submission.busy ? 'Placing the order…' : 'Place order'}
          </button>
        </aside>
      </form>
    </main>
  );
}

/** The checkout at /checkout: delivery, coupon, payment, then the order (a signed-in shopper's server cart). */
export function CheckoutPage() {
  const cart = useCart();
  const profile = useQuery({
    queryKey: profileKey,
    queryFn: () => must(api(routes.customerSession.profile)),
    enabled: !!cart.shopper,
  });
  if (!cart.shopper) {
    if (cart.lines.length === 0) return <Navigate to="/cart" replace />;
    return <LoggedOut title="Checkout" />;
  }
  if (profile.isLoading) return <Spinner />;
  if (!profile.data) return <p className="account-notice">{(profile.error as Error | null)?.message}</p>;
  return <CheckoutForm profile={profile.data} />;
}
