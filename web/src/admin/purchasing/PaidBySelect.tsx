import { resources } from '@tillbook/contract';
import { RefSelect } from '../../ui/resource/lookup.tsx';
import { refTo } from '../../ui/resource/screen-from-contract.ts';

/** The payment method money to a supplier goes out by (none chosen: cash), on a purchase and on a supplier payment. */
export function PaidBySelect({ value, onChange }: { value: number | undefined; onChange: (id: number | undefined) => void }) {
  return (
    <RefSelect
      source={refTo(resources.paymentMethod)}
      aria-label="Paid by"
      placeholder="Paid by: cash"
      value={value}
      onChange={(v) => onChange(v as number | undefined)}
      style={{ width: 200 }}
    />
  );
}
