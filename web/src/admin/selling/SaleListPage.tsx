import { costPermission, customerName, routes, type SaleInvoice } from '@tillbook/contract';
import { Button, Select } from 'antd';
import { Link } from 'react-router';
import { useListParams } from '../../lib/list-params.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { DateRangeFilter } from '../../ui/document/DateRangeFilter.tsx';
import { DocumentListPage } from '../../ui/document/DocumentListPage.tsx';
import { money } from '../../ui/document/LinesTable.tsx';
import { PaymentStatusTag } from '../../ui/document/PaymentStatusTag.tsx';
import { Totals } from '../../ui/document/Totals.tsx';
import { RefSelect } from '../../ui/resource/lookup.tsx';
import { customerSource, SaleLink, staffSource, withVat } from './sale-format.tsx';

const filters = ['startDate', 'endDate', 'customerId', 'salePersonId', 'status', 'sort', 'order'] as const;
/** Undone sales stay listed apart: the totals are those of the sales shown. */
const statuses = [
  { value: 'true', label: 'Active sales' },
  { value: 'false', label: 'Undone sales' },
  { value: 'true,false', label: 'All sales' },
];

/**
 * The till's sales, newest first: between two days, of one customer or one salesperson, with what the
 * ledger derives (paid, due, returns) and, for a role that may see costs, the profit; the totals are over every matching sale.
 */
export default function SaleListPage() {
  const list = useListParams({ filters });
  const { can } = usePermissions();
  // the profit tells what the goods cost: only for a role that may see it (the server sends it to no other)
  const seesCost = can(costPermission);
  const idOf = (v: unknown) => (v === undefined || v === null ? undefined : Number(v));

  return (
    <DocumentListPage<typeof routes.sale.list, SaleInvoice>
      title="Sale invoices"
      endpoint={routes.sale.list}
      list={list}
      emptyText="No sale matches"
      rows={(a) => a.getAllSaleInvoice}
      total={(a) => a.totalSaleInvoice}
      rowKey="id"
      tools={
        <>
          <DateRangeFilter list={list} />
          <Select
            aria-label="Status"
            options={statuses}
            value={list.filters.status ?? 'true'}
            onChange={(v) => list.setFilters({ status: v === 'true' ? undefined : v })}
            style={{ width: 140 }}
          />
          {can('readAll-customer') && (
            <RefSelect
              source={customerSource}
              aria-label="Customer"
              placeholder="Customer"
              value={idOf(list.filters.customerId)}
              onChange={(v) => list.setFilters({ customerId: v as number | undefined })}
              style={{ width: 180 }}
            />
          )}
          {can('readAll-user') && (
            <RefSelect
              source={staffSource}
              aria-label="Salesperson"
              placeholder="Salesperson"
              value={idOf(list.filters.salePersonId)}
              onChange={(v) => list.setFilters({ salePersonId: v as number | undefined })}
              style={{ width: 160 }}
            />
          )}
          {can('create-saleInvoice') && (
            <Link to="/admin/pos">
              <Button type="primary">New sale</Button>
            </Link>
          )}
        </>
      }
      totals={({ aggregations: { _count, _sum } }) => (
        <Totals
          label="Sale totals"
          items={[
            ['Sales', _count.id],
            ['Amount', money(_sum.totalAmount)],
            ['VAT', money(_sum.totalTaxAmount)],
            ['Discount', money(_sum.totalDiscountAmount)],
            ['Total with VAT', money(withVat(_sum.totalAmount, _sum.totalTaxAmount))],
            ['Paid', money(_sum.paidAmount)],
            ['Returned', money(_sum.totalReturnAmount)],
            ['Due', money(_sum.dueAmount)],
            ...(seesCost ? [['Profit', money(_sum.profit)] as [string, string]] : []),
          ]}
        />
      )}
      columns={[
        { key: 'id', title: 'No.', sorter: true, render: (_, r) => <SaleLink id={r.id} number={r.number} /> },
        { key: 'date', title: 'Date', dataIndex: 'date', sorter: true },
        { key: 'customer', title: 'Customer', render: (_, r) => customerName(r.customer) },
        { key: 'salesperson', title: 'Salesperson', render: (_, r) => r.user.username },
        { key: 'total', title: 'Total', align: 'right', render: (_, r) => money(withVat(r.totalAmount, r.totalTaxAmount)) },
        { key: 'vat', title: 'VAT', align: 'right', render: (_, r) => money(r.totalTaxAmount) },
        { key: 'paid', title: 'Paid', align: 'right', render: (_, r) => money(r.paidAmount) },
        { key: 'due', title: 'Due', align: 'right', render: (_, r) => money(r.dueAmount) },
        { key: 'returned', title: 'Returned', align: 'right', render: (_, r) => money(r.returnAmount) },
        ...(seesCost
          ? [{ key: 'profit', title: 'Profit', align: 'right' as const, render: (_: unknown, r: SaleInvoice) => money(r.profit) }]
          : []),
        { key: 'state', title: 'Status', render: (_, r) => <PaymentStatusTag status={r.paymentStatus} /> },
      ]}
    />
  );
}
