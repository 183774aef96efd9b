import type { Cents } from '@tillbook/contract';
import { moneyOfCents } from '../../../lib/format.ts';
import type { cartTotals } from './cart.ts';
import { SaleDiscountField } from './SaleDiscountField.tsx';

/** The till's sum: the goods, the line discounts, the discount on the whole sale (typed here), the VAT and the total. */
export function TillTotals(props: {
  totals: ReturnType<typeof cartTotals>;
  saleDiscount: Cents;
  onSaleDiscount: (discount: Cents) => void;
}) {
  const { totals, saleDiscount, onSaleDiscount } = props;
  return (
    <div>
      <div className="till-sum-row">
        <span>{`Subtotal (${totals.items} ${totals.items === 1 ? 'item' : 'items'})`}</span>
        <span>{moneyOfCents(totals.goods)}</span>
      </div>
      {totals.discount > 0 && (
        <div className="till-sum-row">
          <span>Line discounts</span>
          <span>{moneyOfCents(totals.discount)}</span>
        </div>
      )}
      <SaleDiscountField value={saleDiscount} tooBig={totals.saleDiscountTooBig} onChange={onSaleDiscount} />
      <div className="till-sum-row">
        <span>VAT</span>
        <span data-testid="till-vat">{moneyOfCents(totals.vat)}</span>
      </div>
      <div className="till-sum-row till-total">
        <span>Total</span>
        <span data-testid="till-total">{moneyOfCents(totals.total)}</span>
      </div>
    </div>
  );
}
