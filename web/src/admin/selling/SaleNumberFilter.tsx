import { InputNumber } from 'antd';
import type { ListParams } from '../../lib/list-params.ts';

/** A list's filter by the sale's invoice number (saleInvoiceNumber in the URL). */
export function SaleNumberFilter({ list }: { list: ListParams<'saleInvoiceNumber'> }) {
  return (
    <InputNumber
      aria-label="Sale no."
      placeholder="Sale no."
      min={1}
      value={list.filters.saleInvoiceNumber ? Number(list.filters.saleInvoiceNumber) : null}
      onChange={(v) => list.setFilters({ saleInvoiceNumber: v ?? undefined })}
      style={{ width: 120 }}
    />
  );
}
