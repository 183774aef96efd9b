import { type LedgerRow, routes } from '@tillbook/contract';
import { useListParams } from '../../lib/list-params.ts';
import { DocumentListPage } from '../../ui/document/DocumentListPage.tsx';
import { money } from '../../ui/document/LinesTable.tsx';

/** Money paid to suppliers, at purchase and later. */
export default function SupplierPaymentListPage() {
  const list = useListParams();
  return (
    <DocumentListPage<typeof routes.purchasePayment.list, LedgerRow>
      title="Supplier payments"
      endpoint={routes.purchasePayment.list}
      list={list}
      rows={(a) => a.getAllPaymentPurchaseInvoice}
      total={(a) => a.totalPaymentPurchaseInvoice}
      rowKey="id"
      columns={[
        { key: 'id', title: 'No.', dataIndex: 'id' },
        { key: 'date', title: 'Date', dataIndex: 'date' },
        { key: 'invoice', title: 'Purchase no.', dataIndex: 'relatedId' },
        { key: 'from', title: 'Paid from', render: (_, r) => r.credit.name },
        { key: 'amount', title: 'Amount', align: 'right', render: (_, r) => money(r.amount) },
      ]}
    />
  );
}
