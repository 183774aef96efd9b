import { useQuery } from '@tanstack/react-query';
import { productEndpoints, type StockMovement } from '@tillbook/contract';
import { Button, Descriptions, Image, Space, Table, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { money } from './ProductListPage.tsx';

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

/** One product: its details and its stock movements, newest first. */
export default function ProductPage() {
  const { can } = usePermissions();
  const { id = '' } = useParams();
  const detail = useQuery({ queryKey: ['product', id], queryFn: () => must(api(productEndpoints.get, { params: { id } })) });
  const p = detail.data;
  if (detail.error) return <Typography.Text type="danger">{detail.error.message}</Typography.Text>;
  if (!p) return <Typography.Text>Loading…</Typography.Text>;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Link to="/admin/product">← Products</Link>
      <Space>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {p.name}
        </Typography.Title>
        {can('update-product') && (
          <Link to={`/admin/product/${p.id}/edit`}>
            <Button>Edit</Button>
          </Link>
        )}
      </Space>
      <Space align="start" size="large" wrap>
        {p.productImageUrl && <Image src={p.productImageUrl} alt={p.name} width={200} />}
        <Descriptions column={2} bordered size="small">
          <Descriptions.Item label="SKU">{p.sku}</Descriptions.Item>
          <Descriptions.Item label="Status">{p.status === 'true' ? 'Active' : 'Hidden'}</Descriptions.Item>
          <Descriptions.Item label="In stock">
            <Space>
              {p.productQuantity}
              {String(p.lowStock) === 'true' && <Tag color="red">Low stock</Tag>}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="Reorder level">{p.reorderQuantity}</Descriptions.Item>
          <Descriptions.Item label="Purchase price">{money(p.productPurchasePrice)}</Descriptions.Item>
          <Descriptions.Item label="Sale price">{money(p.productSalePrice)}</Descriptions.Item>
          <Descriptions.Item label="Sub-category">{p.productSubCategoryName ?? ''}</Descriptions.Item>
          <Descriptions.Item label="Brand">{p.productBrandName ?? ''}</Descriptions.Item>
        </Descriptions>
      </Space>
      {p.description && <Typography.Paragraph>{p.description}</Typography.Paragraph>}
      <section aria-label="Stock movements">
        <Typography.Title level={4}>Stock movements</Typography.Title>
        <Table<StockMovement>
          rowKey="id"
          size="small"
          dataSource={p.stockMovements}
          pagination={{ pageSize: 20 }}
          locale={{ emptyText: 'No movements yet' }}
          columns={[
            { key: 'when', title: 'When', render: (_, m) => new Date(m.createdAt).toLocaleString() },
            { key: 'reason', title: 'Reason', render: (_, m) => reasons[m.reason] ?? m.reason },
            { key: 'doc', title: 'Document', render: (_, m) => (m.documentId ? `${m.documentType ?? ''} ${m.documentId}`.trim() : '') },
            { key: 'qty', title: 'Quantity', align: 'right', render: (_, m) => (m.quantity > 0 ? `+${m.quantity}` : String(m.quantity)) },
            { key: 'cost', title: 'Unit cost', align: 'right', render: (_, m) => money(m.unitCost) },
          ]}
        />
      </section>
    </Space>
  );
}
