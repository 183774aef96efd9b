import { useQueryClient } from '@tanstack/react-query';
import type { ProductDetail, ProductVariant } from '@tillbook/contract';
import { records } from '@tillbook/contract';
import { Button, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { variantLabel } from '../../lib/variant-label.ts';
import { money } from '../../ui/document/LinesTable.tsx';
import { VariantBarcodeLabel } from './VariantBarcodeLabel.tsx';
import { VariantEditForm } from './VariantEditForm.tsx';
import { VariantMatrixForm } from './VariantMatrixForm.tsx';

/**
 * The product page's "Variants" (issue 32): each variant's SKU, colour and values, barcode, price, stock and
 * status; making them from a matrix of colours and attribute values, editing one, stopping or resuming its
 * sale, and its barcode as a printable label.
 */
export function ProductVariants({ product: p }: { product: ProductDetail }) {
  const { can } = usePermissions();
  const client = useQueryClient();
  const [making, setMaking] = useState(false);
  const [editing, setEditing] = useState<ProductVariant | null>(null);
  const [label, setLabel] = useState<ProductVariant | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const variants = p.variants ?? [];
  const mayUpdate = can(records.productVariant.update.access);
  const nameOf = (v: ProductVariant) => variantLabel(v, p);
  const reread = () => client.invalidateQueries({ queryKey: ['product', String(p.id)] });

  async function setSelling(v: ProductVariant, selling: boolean) {
    setBusy(v.id);
    const answer = await api(
      records.productVariant.setStatus,
      { params: { id: v.id }, body: { status: selling ? 'true' : 'false' } },
      { toast: true },
    );
    setBusy(null);
    if (answer.error !== undefined) return;
    notify.success(`${nameOf(v)}: ${selling ? 'on sale again' : 'no longer sold'}`);
    await reread();
  }

  return (
    <section aria-label="Variants">
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Variants
        </Typography.Title>
        {mayUpdate && <Button onClick={() => setMaking(true)}>Make variants</Button>}
      </Space>
      <Table<ProductVariant>
        rowKey="id"
        size="small"
        aria-label="Variants"
        dataSource={variants}
        pagination={variants.length > 50 ? { pageSize: 50 } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'Sold as one product: make variants to sell it by colour and size' }}
        columns={[
          { key: 'variant', title: 'Variant', render: (_, v) => nameOf(v) },
          { key: 'sku', title: 'SKU', render: (_, v) => <code>{v.sku}</code> },
          { key: 'barcode', title: 'Barcode', render: (_, v) => (v.barcode ? <code>{v.barcode}</code> : '') },
          {
            key: 'price',
            title: 'Price to pay',
            align: 'right',
            render: (_, v) => (
              <span title={v.productSalePrice === null ? "The product's price" : `Own price ${money(v.productSalePrice)} before VAT`}>
                {money(v.finalPriceWithVat)}
              </span>
            ),
          },
          { key: 'stock', title: 'Stock', align: 'right', dataIndex: 'productQuantity' },
          { key: 'reorder', title: 'Reorder level', align: 'right', dataIndex: 'reorderQuantity' },
          {
            key: 'status',
            title: 'Status',
            render: (_, v) => (v.status === 'false' ? <Tag>Not sold</Tag> : <Tag color="green">On sale</Tag>),
          },
          {
            key: 'actions',
            title: '',
            render: (_, v) => (
              <Space size={4} wrap={false}>
                <Button size="small" aria-label={`Barcode of ${nameOf(v)}`} onClick={() => setLabel(v)}>
                  Barcode
                </Button>
                {mayUpdate && (
                  <Button size="small" aria-label={`Edit ${nameOf(v)}`} onClick={() => setEditing(v)}>
                    Edit
                  </Button>
                )}
                {can(records.productVariant.setStatus.access) && (
                  <Button
                    size="small"
                    danger={v.status !== 'false'}
                    loading={busy === v.id}
                    aria-label={`${v.status === 'false' ? 'Resume selling' : 'Stop selling'} ${nameOf(v)}`}
                    onClick={() => void setSelling(v, v.status === 'false')}
                  >
                    {v.status === 'false' ? 'Resume selling' : 'Stop selling'}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      {making && <VariantMatrixForm product={p} onClose={() => setMaking(false)} onMade={reread} />}
      {editing && (
        <VariantEditForm variant={editing} name={nameOf(editing)} pictures={p.images} onClose={() => setEditing(null)} onSaved={reread} />
      )}
      {label && <VariantBarcodeLabel variant={label} productName={p.name} name={nameOf(label)} onClose={() => setLabel(null)} />}
    </section>
  );
}
