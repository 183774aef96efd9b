import type { Cents } from '@tillbook/contract';
import { InputNumber } from 'antd';

/** The discount on the whole sale, an amount before VAT (the server shares it over the lines); red when it is more than the goods. */
export function SaleDiscountField({ value, tooBig, onChange }: { value: Cents; tooBig: boolean; onChange: (discount: Cents) => void }) {
  return (
    <div className="till-sum-row">
      <label htmlFor="till-sale-discount">Sale discount</label>
      <InputNumber
        id="till-sale-discount"
        aria-label="Sale discount"
        min={0}
        step={0.5}
        value={value ? value / 100 : null}
        placeholder="0.00"
        style={{ width: 110 }}
        status={tooBig ? 'error' : undefined}
        title={tooBig ? 'More than the goods' : undefined}
        onChange={(v) => onChange(Math.round(Number(v ?? 0) * 100))}
      />
    </div>
  );
}
