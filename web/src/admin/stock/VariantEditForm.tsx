import type { ProductDetail, ProductVariant } from '@tillbook/contract';
import { records } from '@tillbook/contract';
import { Form, Input, InputNumber, Modal, Radio, Space } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notices.tsx';

interface Values {
  sku: string;
  barcode: string;
  productSalePrice: number | null;
  reorderQuantity: number | null;
  productImageId: number | null;
}

/**
 * A variant's own SKU, barcode, price (before VAT; blank: the product's), reorder level and picture (one of
 * the product's gallery, shown on the storefront when a shopper picks it), saved with `PUT product-variant/{id}`;
 * the server's refusal (a SKU or barcode taken) lands on its field.
 */
export function VariantEditForm({
  variant: v,
  name,
  pictures,
  onClose,
  onSaved,
}: {
  variant: ProductVariant;
  name: string;
  pictures: ProductDetail['images'];
  onClose: () => void;
  onSaved: () => unknown;
}) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  async function save(values: Values) {
    setBusy(true);
    const body = {
      sku: values.sku.trim(),
      barcode: values.barcode?.trim() || null,
      productSalePrice: values.productSalePrice ?? null,
      reorderQuantity: values.reorderQuantity ?? 0,
      productImageId: values.productImageId ?? null,
    };
    const answer = await api(records.productVariant.update, { params: { id: v.id }, body });
    setBusy(false);
    if (answer.error !== undefined) {
      const fields = Object.entries(answer.fields ?? {}).filter(([field]) => field in body);
      if (fields.length) form.setFields(fields.map(([field, reason]) => ({ name: field as keyof Values, errors: [reason] })));
      else notify.error(answer.error);
      return;
    }
    notify.success(`${name} saved`);
    await onSaved();
    onClose();
  }

  return (
    <Modal open title={`Edit ${name}`} okText="Save" okButtonProps={{ loading: busy }} onOk={() => form.submit()} onCancel={onClose}>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          sku: v.sku,
          barcode: v.barcode ?? '',
          productSalePrice: v.productSalePrice,
          reorderQuantity: v.reorderQuantity,
          productImageId: v.productImageId,
        }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item name="sku" label="SKU" rules={[{ required: true, whitespace: true, message: 'SKU is required' }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="barcode" label="Barcode">
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="productSalePrice" label="Price before VAT" extra="Blank: the product's price">
          <InputNumber min={0} step={0.01} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="reorderQuantity" label="Reorder level">
          <InputNumber min={0} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        {pictures.length > 0 && (
          <Form.Item name="productImageId" label="Picture" extra="Shown on the storefront when a shopper picks this variant">
            <Radio.Group>
              <Space wrap>
                <Radio value={null}>The product's</Radio>
                {pictures.map((picture, index) => (
                  <Radio key={picture.id} value={picture.id} aria-label={`View ${index + 1}`}>
                    <img src={picture.thumbnailUrl ?? picture.url ?? ''} alt={`${name}, view ${index + 1}`} width={48} height={48} />
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
