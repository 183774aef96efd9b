import { routes, type WishedProduct } from '@tillbook/contract';
import { Input, Select, Tag } from 'antd';
import { Link } from 'react-router';
import { instant } from '../../lib/format.ts';
import { useListParams } from '../../lib/list-params.ts';
import { DateRangeFilter } from '../../ui/document/DateRangeFilter.tsx';
import { DocumentListPage } from '../../ui/document/DocumentListPage.tsx';
import { money } from '../../ui/document/LinesTable.tsx';

const filters = ['startDate', 'endDate', 'key', 'status', 'sort', 'order'] as const;
const shown = [
  { value: 'true', label: 'In the shop' },
  { value: 'false', label: 'Hidden' },
  { value: 'true,false', label: 'All products' },
];

/**
 * Wishlists: the products shoppers keep on their wishlists, most wished first, with how many keep each and
 * when one last added it. The dates count the lines added on those days; hidden products on request.
 */
export default function WishListPage() {
  const list = useListParams({ filters });
  return (
    <DocumentListPage<typeof routes.wishlist.list, WishedProduct>
      title="Wishlists"
      endpoint={routes.wishlist.list}
      list={list}
      rows={(a) => a.getAllWishList}
      total={(a) => a.totalWishList}
      rowKey="productId"
      emptyText="No product is on a wishlist yet"
      totalText={(n) => `${n} ${n === 1 ? 'product' : 'products'} wished for`}
      tools={
        <>
          <Input.Search
            aria-label="Search products"
            placeholder="Product name or SKU"
            allowClear
            defaultValue={list.filters.key}
            onSearch={(text) => list.setFilters({ key: text.trim() })}
            style={{ width: 220 }}
          />
          <Select
            aria-label="Products shown"
            options={shown}
            value={list.filters.status ?? 'true'}
            onChange={(v) => list.setFilters({ status: v === 'true' ? undefined : v })}
            style={{ width: 150 }}
          />
          <DateRangeFilter list={list} />
        </>
      }
      columns={[
        {
          key: 'name',
          title: 'Product',
          sorter: true,
          render: (_, r) => (
            <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
              {r.productThumbnailImage ? (
                <img src={r.productThumbnailImage} alt="" width={36} height={36} style={{ objectFit: 'cover', borderRadius: 4 }} />
              ) : null}
              <Link to={`/admin/product/${r.productId}`}>{r.name}</Link>
              {r.status === 'false' && <Tag>Hidden</Tag>}
            </span>
          ),
        },
        { key: 'wishlistCount', title: 'Shoppers', align: 'right', sorter: true, render: (_, r) => <strong>{r.wishlistCount}</strong> },
        { key: 'price', title: 'Price', align: 'right', render: (_, r) => money(r.finalPriceWithVat) },
        { key: 'stock', title: 'In stock', align: 'right', render: (_, r) => r.productQuantity },
        { key: 'sku', title: 'SKU', dataIndex: 'sku' },
        { key: 'lastWishedAt', title: 'Last added', sorter: true, render: (_, r) => instant(r.lastWishedAt) },
      ]}
    />
  );
}
