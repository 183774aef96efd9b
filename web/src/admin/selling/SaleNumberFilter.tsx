import { InputNumber } from 'antd';
import type { ListParams } from '../../lib/list-params.ts';

/** A list's filter by sale number (saleInvoiceId in the URL). */
export function SaleNumberFilter({ list }: { list: ListParams<'saleInvoiceId'> }) {
  return (
    <InputNumber
      aria-label="Sale no."
      placeholder="Sale no."
      min={1}
      value={list.filters.saleInvoiceId ? Number(list.filters.saleInvoiceId) : null}
      onChange={(v) => list.setFilters({ saleInvoiceId: v ?? undefined })}
      style={{ width: 120 }}
    />
  );
}
