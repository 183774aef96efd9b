import { useQueryClient } from '@tanstack/react-query';
import { routes, sellingMessages } from '@tillbook/contract';
import { Button, Popconfirm } from 'antd';
import { api } from '../../lib/api.ts';
import { useListParams } from '../../lib/list-params.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { DateRangeFilter } from '../../ui/document/DateRangeFilter.tsx';
import { DocumentListPage } from '../../ui/document/DocumentListPage.tsx';
import { money } from '../../ui/document/LinesTable.tsx';
import { Totals } from '../../ui/document/Totals.tsx';
import { RefSelect } from '../../ui/resource/lookup.tsx';
import { SaleNumberFilter } from './SaleNumberFilter.tsx';
import { customerSource, SaleLink } from './sale-format.tsx';
import type { CustomerPayment } from './sale-types.ts';

const filters = ['startDate', 'endDate', 'customerId', 'saleInvoiceNumber'] as const;

/**
 * Money received from customers, at the till and later, newest first. Deleting a payment posts its
 * reversal: the sale's paid and due follow at once and the books keep the trail.
 */
export default function CustomerPaymentListPage() {
  const list = useListParams({ filters });
  const queryClient = useQueryClient();
  const { can } = usePermissions();

  async function remove(row: CustomerPayment) {
    const result = await api(routes.transaction.delete, { params: { id: row.id } }, { toast: true });
    if (result.error !== undefined) return;
    notify.success(sellingMessages.paymentDeleted);
    await queryClient.invalidateQueries({ queryKey: ['list'] });
    if (row.relatedId) await queryClient.invalidateQueries({ queryKey: ['sale-invoice', Number(row.relatedId)] });
  }

  return (
    <DocumentListPage<typeof routes.salePayment.list, CustomerPayment>
      title="Customer payments"
      endpoint={routes.salePayment.list}
      list={list}
      rows={(a) => a.getAllPaymentSaleInvoice}
      total={(a) => a.totalPaymentSaleInvoice}
      rowKey="id"
      emptyText="No payment received"
      tools={
        <>
          <DateRangeFilter list={list} />
          {can('readAll-customer') && (
            <RefSelect
              source={customerSource}
              aria-label="Customer"
              placeholder="Customer"
              value={list.filters.customerId ? Number(list.filters.customerId) : undefined}
              onChange={(v) => list.setFilters({ customerId: v as number | undefined })}
              style={{ width: 180 }}
            />
          )}
          <SaleNumberFilter list={list} />
        </>
      }
      totals={(a) => (
        <Totals
          label="Payment totals"
          items={[
            ['Payments', a.totalPaymentSaleInvoice],
            ['Received', money(a.aggregations._sum.amount)],
          ]}
        />
      )}
      columns={[
        { key: 'id', title: 'No.', dataIndex: 'id' },
        { key: 'date', title: 'Date', dataIndex: 'date' },
        {
          key: 'sale',
          title: 'Sale',
          render: (_, r) => (r.relatedId ? <SaleLink id={Number(r.relatedId)} number={r.saleInvoiceNumber} /> : null),
        },
        { key: 'into', title: 'Received into', render: (_, r) => r.debit.name },
        { key: 'amount', title: 'Amount', align: 'right', render: (_, r) => money(r.amount) },
        { key: 'what', title: 'Particulars', dataIndex: 'particulars' },
        {
          key: 'actions',
          title: 'Actions',
          render: (_, r) =>
            can('delete-transaction') && (
              <Popconfirm
                title="Delete this payment? Its amount is owed again."
                onConfirm={() => remove(r)}
                okText="Delete"
                cancelText="Keep it"
              >
                <Button size="small" danger>
                  Delete
                </Button>
              </Popconfirm>
            ),
        },
      ]}
    />
  );
}
