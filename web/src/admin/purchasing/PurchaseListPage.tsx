import { useQueryClient } from '@tanstack/react-query';
import { messages, type PurchaseHeader, routes } from '@tillbook/contract';
import { Button, Popconfirm } from 'antd';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { useListParams } from '../../lib/list-params.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { DocumentListPage } from '../../ui/document/DocumentListPage.tsx';
import { money } from '../../ui/document/LinesTable.tsx';
import { PaymentStatusTag } from '../../ui/document/PaymentStatusTag.tsx';
import { PurchaseDetail } from './PurchaseDetail.tsx';

/** Purchase invoices with what the ledger derives (paid, due, returns); each opens to its detail; undone once. */
export default function PurchaseListPage() {
  const list = useListParams();
  const queryClient = useQueryClient();
  const { can } = usePermissions();

  async function undo(row: PurchaseHeader) {
    const result = await api(routes.purchaseInvoice.undo, { params: { id: row.id }, body: { status: 'false' } }, { toast: true });
    if (result.error !== undefined) return;
    notify.success(messages.purchaseDeleted);
    await queryClient.invalidateQueries({ queryKey: ['list', routes.purchaseInvoice.list.path] });
    await queryClient.invalidateQueries({ queryKey: ['purchase-invoice', row.id] });
  }

  return (
    <DocumentListPage<typeof routes.purchaseInvoice.list, PurchaseHeader>
      title="Purchase invoices"
      endpoint={routes.purchaseInvoice.list}
      list={list}
      fixed={{ status: 'true,false' }}
      rows={(a) => a.getAllPurchaseInvoice}
      total={(a) => a.totalPurchaseInvoice}
      rowKey="id"
      expand={(row) => <PurchaseDetail id={row.id} />}
      tools={
        can('create-purchaseInvoice') && (
          <Link to="/admin/purchase-invoice/new">
            <Button type="primary">New purchase</Button>
          </Link>
        )
      }
      columns={[
        { key: 'id', title: 'No.', dataIndex: 'number' },
        { key: 'date', title: 'Date', dataIndex: 'date' },
        { key: 'supplier', title: 'Supplier', render: (_, r) => r.supplier.name },
        { key: 'memo', title: 'Supplier memo', dataIndex: 'supplierMemoNo' },
        { key: 'total', title: 'Amount', align: 'right', render: (_, r) => money(r.totalAmount) },
        { key: 'vat', title: 'VAT', align: 'right', render: (_, r) => money(r.totalTax) },
        { key: 'paid', title: 'Paid', align: 'right', render: (_, r) => money(r.paidAmount) },
        { key: 'due', title: 'Due', align: 'right', render: (_, r) => money(r.dueAmount) },
        { key: 'state', title: 'Status', render: (_, r) => <PaymentStatusTag status={r.paymentStatus} /> },
        {
          key: 'actions',
          title: 'Actions',
          render: (_, r) =>
            r.state === 'active' && can('update-purchaseInvoice') ? (
              <Popconfirm title="Delete this purchase? Its stock and postings are reversed." onConfirm={() => undo(r)} okText="Delete">
                <Button size="small" danger>
                  Delete
                </Button>
              </Popconfirm>
            ) : null,
        },
      ]}
    />
  );
}
