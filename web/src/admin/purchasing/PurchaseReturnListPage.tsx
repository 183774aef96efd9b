import { useQuery } from '@tanstack/react-query';
import { type PurchaseReturn, type PurchaseReturnLine, routes } from '@tillbook/contract';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { useListParams } from '../../lib/list-params.ts';
import { DocumentListPage } from '../../ui/document/DocumentListPage.tsx';
import { LinesTable, money, productCell } from '../../ui/document/LinesTable.tsx';

function Lines({ id }: { id: number }) {
  const detail = useQuery({
    queryKey: ['return-purchase-invoice', id],
    queryFn: () => must(api(routes.returnPurchase.get, { params: { id } })),
  });
  return (
    <LinesTable<PurchaseReturnLine>
      rowKey="id"
      loading={detail.isLoading}
      lines={detail.data?.returnPurchaseInvoiceProduct ?? []}
      columns={[
        { key: 'name', title: 'Product', render: (_, l) => productCell(l.product) },
        { key: 'qty', title: 'Quantity', dataIndex: 'productQuantity', align: 'right' },
        { key: 'cost', title: 'Unit cost', align: 'right', render: (_, l) => money(l.productUnitPurchasePrice) },
        { key: 'net', title: 'Amount', align: 'right', render: (_, l) => money(l.productFinalAmount) },
        { key: 'vat', title: 'VAT', align: 'right', render: (_, l) => money(l.taxAmount) },
      ]}
    />
  );
}

/** Goods sent back to suppliers, each against its purchase invoice. */
export default function PurchaseReturnListPage() {
  const list = useListParams();
  return (
    <DocumentListPage<typeof routes.returnPurchase.list, PurchaseReturn>
      title="Purchase returns"
      endpoint={routes.returnPurchase.list}
      list={list}
      rows={(a) => a.allPurchaseInvoice}
      total={(a) => a.aggregations._count.id}
      rowKey="id"
      expand={(row) => <Lines id={row.id} />}
      columns={[
        { key: 'id', title: 'No.', dataIndex: 'number' },
        { key: 'date', title: 'Date', dataIndex: 'date' },
        { key: 'invoice', title: 'Purchase no.', dataIndex: 'purchaseInvoiceNumber' },
        { key: 'total', title: 'Amount', align: 'right', render: (_, r) => money(r.totalAmount) },
        { key: 'vat', title: 'VAT', align: 'right', render: (_, r) => money(r.tax) },
        { key: 'instant', title: 'Paid back', align: 'right', render: (_, r) => money(r.instantReturnAmount) },
        { key: 'note', title: 'Note', dataIndex: 'note' },
      ]}
    />
  );
}
