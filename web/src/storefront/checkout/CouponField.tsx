import { shopRoutes as routes } from '@tillbook/contract';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { useMoney } from '../shop.ts';

export interface AppliedCoupon {
  code: string;
  /** What it takes off the goods. */
  amount: number;
}

/**
 * The coupon code, checked with the server for the goods' total (`routes.coupon.check`): the amount it
 * takes off, or the server's reason for refusing it. The order checks it again when placed.
 */
export function CouponField({
  goods,
  applied,
  onApply,
}: {
  goods: number;
  applied: AppliedCoupon | null;
  onApply: (c: AppliedCoupon | null) => void;
}) {
  const money = useMoney();
  const [code, setCode] = useState(applied?.code ?? '');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function check() {
    const wanted = code.trim();
    if (!wanted) return;
    setBusy(true);
    const result = await api(routes.coupon.check, { params: { code: wanted }, query: { amount: goods } });
    setBusy(false);
    if (result.error !== undefined) {
      setRefusal(result.error);
      onApply(null);
      return;
    }
    setRefusal(null);
    onApply({ code: result.data.couponCode, amount: result.data.couponAmount });
  }

  return (
    <div className="checkout-coupon">
      <label htmlFor="checkout-coupon-code">Coupon code</label>
      <div className="checkout-coupon-row">
        <input
          id="checkout-coupon-code"
          value={code}
          maxLength={40}
          autoComplete="off"
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={(e) => {
            // Enter checks the code rather than placing the order
            if (e.key === 'Enter') {
              e.preventDefault();
              void check();
            }
          }}
        />
        {applied ? (
          <button
            type="button"
            className="cart-button cart-button-plain"
            onClick={() => {
              onApply(null);
              setCode('');
            }}
          >
            Remove
          </button>
        ) : (
          <button type="button" className="cart-button cart-button-plain" disabled={busy || !code.trim()} onClick={() => void check()}>
            Apply
          </button>
        )}
      </div>
      {applied && (
        <span className="checkout-coupon-ok" data-testid="coupon-applied">
          Coupon {applied.code}: {money(applied.amount)} off
        </span>
      )}
      {refusal && (
        <span className="account-error" role="alert" data-testid="coupon-refused">
          {refusal}
        </span>
      )}
    </div>
  );
}
