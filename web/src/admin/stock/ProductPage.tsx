import { useQuery } from '@tanstack/react-query';
import { costPermission, type PermissionName, type ProductDetail, routes, type StockMovement, stockDocuments } from '@tillbook/contract';
import { Button, Descriptions, Image, Space, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { day, instant } from '../../lib/format.ts';
import { must } from '../../lib/http.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { money } from '../../ui/document/LinesTable.tsx';
import { RecordHistory } from '../audit/RecordHistory.tsx';
import { ProductSales } from './ProductSales.tsx';
import { ProductStatusButton } from './ProductStatusButton.tsx';
import { ProductVariants } from './ProductVariants.tsx';

const reasons: Record<string, string> = {
  opening: 'Opening stock',
  adjustment: 'Adjustment',
  adjustmentReversal: 'Adjustment reversed',
  purchase: 'Purchase',
  purchaseReturn: 'Purchase return',
  sale: 'Sale',
  saleReturn: 'Sale return',
  order: 'Online order',
  orderCancel: 'Order cancelled',
  orderReturn: 'Order return',
  import: 'Import',
};

type Numbered = { name: string; link: (id: string) => string; permission: PermissionName };
/**
 * The numbered documents, by the name a person knows them and the screen that shows them: its own page,
 * else the list that shows each by its number (adjustments, purchase returns).
 */
const numbered: Record<string, Numbered> = {
  [stockDocuments.sale]: { name: 'Sale', link: (id) => `/admin/sale-invoice/${id}`, permission: 'readSingle-saleInvoice' },
  [stockDocuments.saleReturn]: {
    name: 'Sale return',
    link: (id) => `/admin/sale-return/${id}`,
    permission: 'readSingle-returnSaleInvoice',
  },
  [stockDocuments.purchase]: { name: 'Purchase', link: (id) => `/admin/purchase-invoice/${id}`, permission: 'readSingle-purchaseInvoice' },
  [stockDocuments.purchaseReturn]: {
    name: 'Purchase return',
    link: () => '/admin/purchase-return',
    permission: 'readAll-returnPurchaseInvoice',
  },
  [stockDocuments.adjust]: { name: 'Adjustment', link: () => '/admin/adjust-inventory', permission: 'readAll-adjust' },
};
const unnumbered: Record<string, string> = {
  [stockDocuments.product]: 'New product',
  [stockDocuments.costChange]: 'Purchase price change',
};

/** The document a movement belongs to: "Purchase return #1", linked to its screen when the role may open it. */
function documentCell(m: StockMovement, can: (permission: PermissionName) => boolean): ReactNode {
  if (!m.documentType) return '';
  const known = numbered[m.documentType];
  if (!known) return unnumbered[m.documentType] ?? '';
  const id = m.documentId ?? '';
  const text = `${known.name} #${id}`;
  return can(known.permission) ? <Link to={known.link(id)}>{text}</Link> : text;
}

/** The discount attached to the product: name, type, value, dates, and whether it runs today. */
function discountText(p: ProductDetail): ReactNode {
  const d = p.discount;
  if (!d) return 'None';
  const amount = d.type === 'percentage' ? `${d.value}% off` : `${money(d.value)} off each`;
  return (
    <Space wrap size={4}>
      <span>
        {d.name}: {amount}, {day(d.startDate)} to {day(d.endDate)}
      </span>
      {p.discountActive === 'true' ? <Tag color="green">Active today</Tag> : <Tag>Not active today</Tag>}
    </Space>
  );
}

/** What a customer pays for one unit today: the old price struck through while a discount runs. */
function priceToPay(p: ProductDetail): ReactNode {
  if (p.discountActive !== 'true') return <strong>{money(p.finalPriceWithVat)}</strong>;
  return (
    <Space size={6}>
      <strong>{money(p.finalPriceWithVat)}</strong>
      <Typography.Text delete type="secondary">
        {money(p.productSalePriceWithVat)}
      </Typography.Text>
    </Space>
  );
}

/** One product: prices and VAT, discount, colours, attributes, gallery, its sales over a period and its stock movements, newest first. */
export default function ProductPage() {
  const { can } = usePermissions();
  // what the goods cost is for a role that may see it (the server sends it to no other)
  const seesCost = can(costPermission);
  const { id = '' } = useParams();
  const detail = useQuery({ queryKey: ['product', id], queryFn: () => must(api(routes.product.get, { params: { id } })) });
  const p = detail.data;
  if (detail.error) return <Typography.Text type="danger">{detail.error.message}</Typography.Text>;
  if (!p) return <Typography.Text>Loading…</Typography.Text>;
  const active = p.status === 'true';
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Link to="/admin/product">← Products</Link>
      <Space wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {p.name}
        </Typography.Title>
        {active ? <Tag color="green">Active</Tag> : <Tag>Hidden</Tag>}
        {can('update-product') && (
          <Link to={`/admin/product/${p.id}/edit`}>
            <Button>Edit</Button>
          </Link>
        )}
        <ProductStatusButton id={p.id} name={p.name} active={active} />
      </Space>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'flex-start' }}>
        {p.productImageUrl && <Image src={p.productImageUrl} alt={p.name} width={200} style={{ maxWidth: '100%' }} />}
        <Descriptions
          column={{ xs: 1, sm: 1, md: 2 }}
          bordered
          size="small"
          style={{ flex: '1 1 320px', minWidth: 0 }}
          aria-label="Product details"
        >
          <Descriptions.Item label="SKU">{p.sku}</Descriptions.Item>
          <Descriptions.Item label="Status">{active ? 'Active' : 'Hidden'}</Descriptions.Item>
          <Descriptions.Item label="In stock">
            <Space>
              {p.productQuantity}
              {String(p.lowStock) === 'true' && <Tag color="red">Low stock</Tag>}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="Reorder level">{p.reorderQuantity}</Descriptions.Item>
          {seesCost && <Descriptions.Item label="Purchase price">{money(p.productPurchasePrice)}</Descriptions.Item>}
          <Descriptions.Item label="Sale price">{money(p.productSalePrice)}</Descriptions.Item>
          <Descriptions.Item label="VAT">{p.productVat ? `${p.productVat.title} (${p.productVat.percentage}%)` : 'None'}</Descriptions.Item>
          <Descriptions.Item label="Price with VAT">{money(p.productSalePriceWithVat)}</Descriptions.Item>
          <Descriptions.Item label="Discount" span={{ xs: 1, sm: 1, md: 2 }}>
            {discountText(p)}
          </Descriptions.Item>
          <Descriptions.Item label="Price to pay today">{priceToPay(p)}</Descriptions.Item>
          <Descriptions.Item label="Unit">{p.uom ? `${p.uom.name}${p.uomValue === null ? '' : ` × ${p.uomValue}`}` : ''}</Descriptions.Item>
          <Descriptions.Item label="Sub-category">{p.productSubCategoryName ?? ''}</Descriptions.Item>
          <Descriptions.Item label="Brand">{p.productBrandName ?? ''}</Descriptions.Item>
          <Descriptions.Item label="Colours">
            <Space wrap size={4}>
              {p.colors.map((c) => (
                <Tag key={c.id}>
                  <span
                    aria-hidden
                    style={{
                      display: 'inline-block',
                      width: 10,
                      height: 10,
                      marginRight: 4,
                      background: c.colorCode,
                      border: '1px solid #999',
                    }}
                  />
                  {c.name}
                </Tag>
              ))}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="Attribute values">
            <Space wrap size={4}>
              {p.productAttributeValues.map((v) => (
                <Tag key={v.id}>
                  {v.productAttributeName}: {v.name}
                </Tag>
              ))}
            </Space>
          </Descriptions.Item>
        </Descriptions>
      </div>
      {p.description && <Typography.Paragraph>{p.description}</Typography.Paragraph>}
      {p.images.length > 0 && (
        <section aria-label="Gallery">
          <Typography.Title level={4}>Gallery</Typography.Title>
          <Image.PreviewGroup>
            <Space wrap>
              {p.images.map((image, index) =>
                image.url ? (
                  <Image
                    key={image.id}
                    src={image.thumbnailUrl ?? image.url}
                    preview={{ src: image.url }}
                    alt={`${p.name}, image ${index + 1}`}
                    width={96}
                    height={96}
                    style={{ objectFit: 'cover' }}
                  />
                ) : null,
              )}
            </Space>
          </Image.PreviewGroup>
        </section>
      )}
      <ProductVariants product={p} />
      {can('readAll-product') && <ProductSales productId={p.id} />}
      <section aria-label="Stock movements">
        <Typography.Title level={4}>Stock movements</Typography.Title>
        <Table<StockMovement>
          rowKey="id"
          size="small"
          dataSource={p.stockMovements}
          pagination={{ pageSize: 20 }}
          locale={{ emptyText: 'No movements yet' }}
          columns={[
            { key: 'when', title: 'When', render: (_, m) => instant(m.createdAt) },
            { key: 'reason', title: 'Reason', render: (_, m) => reasons[m.reason] ?? m.reason },
            { key: 'doc', title: 'Document', render: (_, m) => documentCell(m, can) },
            { key: 'qty', title: 'Quantity', align: 'right', render: (_, m) => (m.quantity > 0 ? `+${m.quantity}` : String(m.quantity)) },
            { key: 'balance', title: 'Balance', align: 'right', dataIndex: 'balanceAfter' },
            ...(seesCost
              ? [{ key: 'cost', title: 'Unit cost', align: 'right' as const, render: (_: unknown, m: StockMovement) => money(m.unitCost) }]
              : []),
            { key: 'user', title: 'By', render: (_, m) => m.userName ?? '' },
          ]}
        />
      </section>
      <RecordHistory entity="product" id={p.id} />
    </Space>
  );
}
