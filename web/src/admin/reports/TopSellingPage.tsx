import { routes, type TopSellingRow } from '@tillbook/contract';
import { DatePicker, Input } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useListParams } from '../../lib/list-params.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { DocumentListPage } from '../../ui/document/DocumentListPage.tsx';
import { money } from '../../ui/document/LinesTable.tsx';

const day = 'YYYY-MM-DD';

/**
 * The products that sold most over a period (sale dates; returns taken off on their own date),
 * most first: units sold and today's price. Period, search and page are kept in the URL.
 */
export default function TopSellingPage() {
  const list = useListParams({ filters: ['startDate', 'endDate', 'key'] });
  const { can } = usePermissions();
  const { startDate, endDate } = list.filters;
  const rankOf = (index: number) => (list.page - 1) * list.count + index + 1;
  return (
    <DocumentListPage<typeof routes.productReport.list, TopSellingRow>
      title="Top selling products"
      endpoint={routes.productReport.list}
      list={list}
      fixed={{ query: 'top-selling-products' }}
      rows={(a) => ('getAllTopSellingProduct' in a ? a.getAllTopSellingProduct : [])}
      total={(a) => ('totalTopSellingProduct' in a ? a.totalTopSellingProduct : 0)}
      rowKey="id"
      totalText={(n) => `${n} products sold`}
      emptyText="Nothing sold in this period"
      tools={
        <>
          <DatePicker.RangePicker
            aria-label="Sale dates"
            allowEmpty={[true, true]}
            value={[startDate ? dayjs(startDate) : null, endDate ? dayjs(endDate) : null]}
            onChange={(range) => list.setFilters({ startDate: range?.[0]?.format(day), endDate: range?.[1]?.format(day) })}
          />
          <Input.Search
            placeholder="Name or SKU"
            aria-label="Search"
            allowClear
            defaultValue={list.filters.key}
            style={{ width: 200 }}
            onSearch={(text) => list.setFilters({ key: text })}
          />
        </>
      }
      columns={[
        { key: 'rank', title: '#', width: 48, render: (_, _r, index) => rankOf(index) },
        {
          key: 'name',
          title: 'Product',
          render: (_, r) => (can('readSingle-product') ? <Link to={`/admin/product/${r.id}`}>{r.name}</Link> : r.name),
        },
        { key: 'sku', title: 'SKU', dataIndex: 'sku' },
        { key: 'sold', title: 'Units sold', dataIndex: 'soldQuantity', align: 'right' },
        { key: 'price', title: 'Price with VAT today', align: 'right', render: (_, r) => money(r.finalPriceWithVat) },
        { key: 'stock', title: 'In stock', dataIndex: 'productQuantity', align: 'right' },
      ]}
    />
  );
}
