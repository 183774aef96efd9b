import { customerName, routes } from '@tillbook/contract';
import { Link } from 'react-router';
import { useListParams } from '../../lib/list-params.ts';
import { DateRangeFilter } from '../../ui/document/DateRangeFilter.tsx';
import { DocumentListPage } from '../../ui/document/DocumentListPage.tsx';
import { money } from '../../ui/document/LinesTable.tsx';
import { Totals } from '../../ui/document/Totals.tsx';
import { SaleNumberFilter } from './SaleNumberFilter.tsx';
import { SaleReturnLines } from './SaleReturnDetail.tsx';
import { SaleLink } from './sale-format.tsx';
import type { SaleReturnRow } from './sale-types.ts';

const filters = ['startDate', 'endDate', 'saleInvoiceNumber', 'sort', 'order'] as const;

/** Goods customers brought back, each against its sale, between two days or of one sale. */
export default function SaleReturnListPage() {
  const list = useListParams({ filters });
  return (
    <DocumentListPage<typeof routes.returnSale.list, SaleReturnRow>
      title="Sale returns"
      endpoint={routes.returnSale.list}
      list={list}
      rows={(a) => a.allSaleInvoice}
      total={(a) => a.aggregations._count.id}
      rowKey="id"
      emptyText="Nothing brought back"
      expand={(row) => <SaleReturnLines id={row.id} />}
      tools={
        <>
          <DateRangeFilter list={list} />
          <SaleNumberFilter list={list} />
        </>
      }
      totals={({ aggregations: { _count, _sum } }) => (
        <Totals
          label="Return totals"
          items={[
            ['Returns', _count.id],
            ['Amount', money(_sum.totalAmount)],
            ['VAT', money(_sum.tax)],
            ['Refunded', money(_sum.instantReturnAmount)],
          ]}
        />
      )}
      columns={[
        { key: 'id', title: 'No.', sorter: true, render: (_, r) => <Link to={`/admin/sale-return/${r.id}`}>{`#${r.number}`}</Link> },
        { key: 'date', title: 'Date', dataIndex: 'date', sorter: true },
        { key: 'sale', title: 'Sale', render: (_, r) => <SaleLink id={r.saleInvoiceId} number={r.saleInvoiceNumber} /> },
        { key: 'customer', title: 'Customer', render: (_, r) => customerName(r.customer) },
        { key: 'total', title: 'Amount', align: 'right', render: (_, r) => money(r.totalAmount) },
        { key: 'vat', title: 'VAT', align: 'right', render: (_, r) => money(r.tax) },
        { key: 'refund', title: 'Refunded', align: 'right', render: (_, r) => money(r.instantReturnAmount) },
        { key: 'note', title: 'Note', dataIndex: 'note' },
      ]}
    />
  );
}
