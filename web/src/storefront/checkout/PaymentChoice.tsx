import type { PublicPaymentMethodList } from '@tillbook/contract';

type CheckoutPaymentMethod = PublicPaymentMethodList['getAllPaymentMethod'][number];

interface Props {
  methods: CheckoutPaymentMethod[];
  loading: boolean;
  loadError: string | null;
  chosen: number | null;
  onChoose: (id: number) => void;
  errors: Record<string, string>;
}

/**
 * How the shopper pays: cash on delivery, or a manual payment made beforehand (the method's
 * instructions and account shown, then the shopper's account and the transaction's id).
 */
export function PaymentChoice({ methods, loading, loadError, chosen, onChoose, errors }: Props) {
  const method = methods.find((m) => m.id === chosen) ?? null;
  return (
    <section className="checkout-section" aria-labelledby="checkout-payment">
      <h2 id="checkout-payment">Payment</h2>
      {loading && <p>Loading…</p>}
      {loadError && <span className="account-error">The payment methods could not be loaded: {loadError}</span>}
      <div className="checkout-methods" role="radiogroup" aria-labelledby="checkout-payment">
        {methods.map((m) => (
          <label key={m.id} className="cart-option checkout-method">
            <input type="radio" name="paymentMethodId" value={m.id} checked={chosen === m.id} onChange={() => onChoose(m.id)} />
            {m.methodName}
            {m.isCod === 'true' && <span className="checkout-muted">(pay when it arrives)</span>}
          </label>
        ))}
      </div>
      {errors.paymentMethodId && <span className="account-error">{errors.paymentMethodId}</span>}
      {method && method.isCod === 'false' && (
        <div className="checkout-manual" data-testid="manual-payment">
          {method.instruction && <p className="checkout-instruction">{method.instruction}</p>}
          {method.ownerAccount && (
            <p>
              Pay to: <strong>{method.ownerAccount}</strong>
            </p>
          )}
          <div className="account-field">
            <label htmlFor="checkout-customer-account">Your account</label>
            <input
              id="checkout-customer-account"
              name="CustomerAccount"
              maxLength={80}
              aria-invalid={errors.CustomerAccount ? true : undefined}
            />
            {errors.CustomerAccount && <span className="account-error">{errors.CustomerAccount}</span>}
          </div>
          <div className="account-field">
            <label htmlFor="checkout-transaction">Transaction id</label>
            <input
              id="checkout-transaction"
              name="CustomerTransactionId"
              maxLength={80}
              aria-invalid={errors.CustomerTransactionId ? true : undefined}
            />
            {errors.CustomerTransactionId && <span className="account-error">{errors.CustomerTransactionId}</span>}
          </div>
        </div>
      )}
    </section>
  );
}
