import { useQuery } from '@tanstack/react-query';
import { isProductPage, type ProductRow, resources, routes } from '@tillbook/contract';
import { Button, Image, Input, Segmented, Space, Switch, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { apiBase, listUrl, must } from '../../lib/http.ts';
import { useListParams } from '../../lib/list-params.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { getToken } from '../../lib/session.ts';
import { money } from '../../ui/document/LinesTable.tsx';
import { RefSelect } from '../../ui/resource/lookup.tsx';
import { refTo } from '../../ui/resource/screen-from-contract.ts';
import { ProductStatusButton } from './ProductStatusButton.tsx';

const filterNames = ['productCategoryId', 'productBrandId'] as const;
const statusOptions = [
  { label: 'Active', value: 'true' },
  { label: 'Hidden', value: 'false' },
  { label: 'All', value: 'true,false' },
];

/** Downloads the CSV export with the list's filters, sent with the bearer token. */
async function exportCsv(filters: Record<string, string | undefined>) {
  const token = getToken();
  const response = await fetch(`${apiBase}/${listUrl(routes.productCsv.export.path, filters)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) return;
  const name = /filename="?([^";]+)"?/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'products.csv';
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The product list: thumbnails, search by name or SKU, category, brand, low-stock and status
 * (active, hidden, all) filters; each row can be hidden or reactivated after a confirmation.
 */
export default function ProductListPage() {
  const { can } = usePermissions();
  const params = useListParams({ filters: ['key', 'status', 'lowStock', 'productCategoryId', 'productBrandId'] });
  const { page, count } = params;
  const status = params.filters.status ?? 'true';
  const filters = { ...params.filters, status };
  const query = { ...params.query, status };
  const list = useQuery({
    queryKey: ['list', routes.product.list.path, query],
    queryFn: () => must(api(routes.product.list, { query })),
  });
  const answer = list.data && isProductPage(list.data) ? list.data : undefined;
  const set = params.setFilters;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Space>
          <Typography.Title level={3} style={{ margin: 0 }}>
            Products
          </Typography.Title>
          {can('create-product') && (
            <Link to="/admin/product/new">
              <Button type="primary">Add product</Button>
            </Link>
          )}
        </Space>
        <Space wrap>
          <Input.Search
            placeholder="Name or SKU"
            aria-label="Search"
            allowClear
            defaultValue={filters.key}
            style={{ width: 220 }}
            onSearch={(text) => set({ key: text })}
          />
          {filterNames.map((name) => {
            const source = name === 'productCategoryId' ? refTo(resources.productCategory) : refTo(resources.productBrand);
            const label = name === 'productCategoryId' ? 'Category' : 'Brand';
            return (
              <RefSelect
                key={name}
                source={source}
                aria-label={label}
                placeholder={`Any ${label.toLowerCase()}`}
                style={{ minWidth: 160 }}
                value={filters[name] ? Number(filters[name]) : undefined}
                onChange={(value?: number) => set({ [name]: value })}
              />
            );
          })}
          <Space>
            <Switch
              aria-label="Low stock only"
              checked={filters.lowStock === 'true'}
              onChange={(on) => set({ lowStock: on ? 'true' : undefined })}
            />
            Low stock only
          </Space>
          <Segmented aria-label="Status" options={statusOptions} value={status} onChange={(v) => set({ status: v as string })} />
          {can('create-product') && (
            <Link to="/admin/product/import">
              <Button>Import CSV</Button>
            </Link>
          )}
          <Button onClick={() => exportCsv(filters)}>Export CSV</Button>
        </Space>
      </Space>
      <Table<ProductRow>
        rowKey="id"
        loading={list.isLoading}
        dataSource={answer?.getAllProduct ?? []}
        pagination={{
          current: page,
          pageSize: count,
          total: answer?.totalProduct ?? 0,
          showSizeChanger: true,
          showTotal: (n) => `${n} in all`,
          onChange: (p, c) => params.setPage(p, c),
        }}
        locale={{ emptyText: list.error ? list.error.message : 'No products' }}
        columns={[
          {
            key: 'image',
            title: '',
            width: 64,
            render: (_, r) =>
              r.productThumbnailImageUrl ? (
                <Image src={r.productThumbnailImageUrl} alt={r.name} width={48} height={48} style={{ objectFit: 'cover' }} />
              ) : null,
          },
          { key: 'name', title: 'Name', render: (_, r) => <Link to={`/admin/product/${r.id}`}>{r.name}</Link> },
          { key: 'sku', title: 'SKU', dataIndex: 'sku' },
          { key: 'sub', title: 'Sub-category', dataIndex: 'productSubCategoryName' },
          { key: 'brand', title: 'Brand', dataIndex: 'productBrandName' },
          { key: 'price', title: 'Sale price', align: 'right', render: (_, r) => money(r.productSalePrice) },
          {
            key: 'stock',
            title: 'In stock',
            align: 'right',
            render: (_, r) => (
              <Space>
                {r.productQuantity}
                {String(r.lowStock) === 'true' && <Tag color="red">Low stock</Tag>}
              </Space>
            ),
          },
          { key: 'status', title: 'Status', render: (_, r) => (r.status === 'true' ? <Tag color="green">Active</Tag> : <Tag>Hidden</Tag>) },
          {
            key: 'actions',
            title: 'Actions',
            render: (_, r) => <ProductStatusButton id={r.id} name={r.name} active={r.status === 'true'} size="small" />,
          },
        ]}
      />
    </Space>
  );
}
