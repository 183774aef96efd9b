import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  maxGalleryImages,
  messages,
  type ProductDetail,
  productFileFields,
  productInput,
  productUpdateInput,
  resources,
  routes,
} from '@tillbook/contract';
import { Alert, Button, Col, Form, Input, InputNumber, Progress, Row, Select, Space, Typography, Upload, type UploadFile } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { notify } from '../../lib/notices.tsx';
import { notSavedText, scrollToFirstError } from '../../ui/resource/form-errors.ts';
import { RefSelect, useLookup } from '../../ui/resource/lookup.tsx';
import { validate } from '../../ui/resource/ResourceForm.tsx';
import { refTo } from '../../ui/resource/screen-from-contract.ts';
import { CurrentGallery, CurrentThumbnail, GalleryUploadItem } from './ProductImageFields.tsx';
import { createOnly, formOrder, labels, refs, valuesOf } from './product-form-fields.ts';
import { appendFields, sameValue, sendForm } from './product-upload.ts';

const fileList = (e: { fileList: UploadFile[] } | UploadFile[]) => (Array.isArray(e) ? e : e.fileList);
const noUpload = () => false as const;

/** Create (/admin/product/new) or edit (/admin/product/:id/edit) a product, with its images. */
export default function ProductFormPage() {
  const { id } = useParams();
  const editing = id !== undefined;
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const loaded = useQuery({
    queryKey: ['product', id],
    enabled: editing,
    queryFn: () => must(api(routes.product.get, { params: { id: id! } })),
  });
  const initial = useMemo(() => (loaded.data ? valuesOf(loaded.data) : undefined), [loaded.data]);
  useEffect(() => {
    if (initial) form.setFieldsValue(initial);
  }, [initial, form]);

  const colours = useLookup(refTo(resources.color));
  const attributes = useLookup(refTo(resources.productAttribute));
  const attributeValues = useLookup(refTo(resources.productAttributeValue));
  const attributeOptions = attributeValues.rows
    .filter((row) => row.status !== 'false')
    .map((row) => {
      const attribute = attributes.byId.get(Number(row.productAttributeId));
      return { value: row.id, label: `${attribute ? attributes.labelOf(attribute) : ''}: ${attributeValues.labelOf(row)}` };
    });
  // the gallery already stored, in the order the owner arranges it here (sent as galleryOrder)
  const [kept, setKept] = useState<ProductDetail['images'] | null>(null);
  const current = kept ?? loaded.data?.images ?? [];
  const held = current.length;
  const galleryRoom = Math.max(0, maxGalleryImages - held);
  const galleryChanged =
    kept !== null &&
    !sameValue(
      kept.map((i) => i.id),
      (loaded.data?.images ?? []).map((i) => i.id),
    );

  const save = async (values: Record<string, unknown>) => {
    setNotice(null);
    const {
      [productFileFields.thumbnail]: thumb,
      [productFileFields.gallery]: gallery,
      ...fields
    } = values as Record<string, unknown> & {
      productThumbnailImage?: UploadFile[];
      images?: UploadFile[];
    };
    const send: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(fields)) {
      if (editing ? createOnly.includes(name) || sameValue(value, initial?.[name]) : value === undefined || value === null || value === '')
        continue;
      send[name] = value ?? null;
    }
    const invalid = validate(editing ? productUpdateInput : productInput, send);
    if (invalid) {
      refused(invalid);
      return;
    }
    if (editing && galleryChanged) send.galleryOrder = current.map((image) => image.id);
    const body = new FormData();
    appendFields(body, send);
    const thumbFile = thumb?.[0]?.originFileObj;
    if (thumbFile) body.append(productFileFields.thumbnail, thumbFile);
    for (const file of gallery ?? []) if (file.originFileObj) body.append(productFileFields.gallery, file.originFileObj);
    if (editing && Object.keys(send).length === 0 && !thumbFile && !gallery?.length) {
      setNotice('Nothing has changed');
      return;
    }
    setProgress(0);
    const result = editing
      ? await sendForm(routes.product.update, { id: id! }, body, setProgress)
      : await sendForm(routes.product.create, {}, body, setProgress);
    setProgress(null);
    if (result.error === undefined) {
      notify.success(editing ? 'Product updated successfully' : messages.productAdded);
      await client.invalidateQueries({ queryKey: ['list', routes.product.list.path] });
      await client.invalidateQueries({ queryKey: ['product'] });
      navigate(`/admin/product/${result.data.id}`);
      return;
    }
    if (result.status === 413) {
      setNotice('The images are too large to upload. Choose smaller images and save again.');
      return;
    }
    refused(result.fields, result.error);
  };

  /**
   * A refused save: each field error goes under its field, the first is scrolled into view, and the
   * notice names the fields to fix (or carries the server's message when no field on the form has it).
   */
  function refused(fields: Record<string, string> | undefined, message?: string) {
    const placed = Object.entries(fields ?? {}).filter(([name]) => labels[name]);
    form.setFields(placed.map(([name, text]) => ({ name, errors: [`${labels[name]} ${text}`] })));
    scrollToFirstError(form, formOrder);
    const all = placed.length === Object.keys(fields ?? {}).length;
    setNotice(placed.length && all ? notSavedText(placed.map(([name]) => labels[name]!)) : (message ?? 'Not saved'));
  }

  /** A field that shows an error is checked again as it changes: fixed, the error goes; still wrong, it says why. */
  const recheck = (changed: Record<string, unknown>) => {
    const shape: Record<string, z.ZodType> = (editing ? productUpdateInput : productInput).shape;
    form.setFields(
      Object.entries(changed)
        .filter(([name]) => shape[name] && form.getFieldError(name).length > 0)
        .map(([name, value]) => {
          const empty = value === undefined || value === null || value === '';
          const result = shape[name]!.safeParse(empty ? (editing ? null : undefined) : value);
          return { name, errors: result.success ? [] : [`${labels[name]} ${result.error.issues[0]?.message}`] };
        }),
    );
  };

  if (editing && loaded.error) return <Typography.Text type="danger">{loaded.error.message}</Typography.Text>;
  if (editing && !loaded.data) return <Typography.Text>Loading…</Typography.Text>;
  const ref = (name: keyof typeof refs) => (
    <Form.Item name={name} label={labels[name]}>
      <RefSelect source={refs[name]} aria-label={labels[name]} />
    </Form.Item>
  );
  const num = (name: string, money = false) => (
    <Form.Item name={name} label={labels[name]}>
      {/* no min or precision: -5 or 1.234 must reach the check and be refused, never quietly become 0 or 1.23 */}
      <InputNumber style={{ width: '100%' }} step={money ? 0.01 : 1} aria-label={labels[name]} />
    </Form.Item>
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 960 }}>
      <Link to={editing ? `/admin/product/${id}` : '/admin/product'}>← {editing ? loaded.data?.name : 'Products'}</Link>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {editing ? 'Edit product' : 'Add product'}
      </Typography.Title>
      {notice && <Alert type="error" showIcon title={notice} role="alert" />}
      <Form form={form} name="product" layout="vertical" onFinish={save} onValuesChange={recheck} requiredMark disabled={progress !== null}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label="Name" required>
              <Input aria-label="Name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="sku" label="SKU" required>
              <Input aria-label="SKU" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="description" label="Description">
          <Input.TextArea rows={3} aria-label="Description" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            {ref('productSubCategoryId')}
          </Col>
          <Col xs={24} md={8}>
            {ref('productBrandId')}
          </Col>
          <Col xs={24} md={4}>
            {ref('uomId')}
          </Col>
          <Col xs={24} md={4}>
            {num('uomValue')}
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={6}>
            {ref('productVatId')}
          </Col>
          <Col xs={24} md={6}>
            {ref('discountId')}
          </Col>
          <Col xs={24} md={6}>
            {num('productSalePrice', true)}
          </Col>
          <Col xs={24} md={6}>
            {num('reorderQuantity')}
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={editing ? 12 : 6}>
            {editing ? (
              <Form.Item
                name="productPurchasePrice"
                label="Purchase price (average cost)"
                extra="Changing it revalues the stock on hand at the new cost (a stock adjustment in the books)."
              >
                {/* no min or precision, as in num(): a wrong value is refused, never quietly changed */}
                <InputNumber style={{ width: '100%' }} step={0.01} aria-label={labels.productPurchasePrice} />
              </Form.Item>
            ) : (
              num('productPurchasePrice', true)
            )}
          </Col>
          {!editing && (
            <Col xs={24} md={6}>
              {num('productQuantity')}
            </Col>
          )}
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="colors" label="Colours">
              <Select
                mode="multiple"
                aria-label="Colours"
                options={colours.options()}
                showSearch={{ optionFilterProp: 'label' }}
                loading={colours.isLoading}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="productAttributeValueId" label="Attribute values">
              <Select
                mode="multiple"
                aria-label="Attribute values"
                options={attributeOptions}
                showSearch={{ optionFilterProp: 'label' }}
                loading={attributeValues.isLoading}
              />
            </Form.Item>
          </Col>
        </Row>
        {editing && loaded.data?.productThumbnailImageUrl && (
          <CurrentThumbnail url={loaded.data.productThumbnailImageUrl} name={loaded.data.name} />
        )}
        <Form.Item
          name={productFileFields.thumbnail}
          label={editing ? 'Thumbnail (choose one to replace it)' : 'Thumbnail'}
          valuePropName="fileList"
          getValueFromEvent={fileList}
        >
          <Upload listType="picture-card" accept="image/*" maxCount={1} beforeUpload={noUpload} data-testid="thumbnail-upload">
            + Thumbnail
          </Upload>
        </Form.Item>
        {editing && held > 0 && <CurrentGallery images={current} onChange={setKept} />}
        <Form.Item
          name={productFileFields.gallery}
          label={`Gallery images (up to ${galleryRoom}${editing ? ' more' : ''})`}
          valuePropName="fileList"
          getValueFromEvent={fileList}
        >
          <Upload
            listType="picture-card"
            accept="image/*"
            multiple
            maxCount={galleryRoom}
            beforeUpload={noUpload}
            data-testid="gallery-upload"
            disabled={galleryRoom === 0}
            itemRender={(node, file, list) => (
              <GalleryUploadItem
                node={node}
                file={file}
                list={list}
                onChange={(next) => form.setFieldValue(productFileFields.gallery, next)}
              />
            )}
          >
            + Image
          </Upload>
        </Form.Item>
        {progress !== null && <Progress percent={progress} aria-label="Upload progress" />}
        <Space>
          <Button type="primary" htmlType="submit" loading={progress !== null}>
            Save
          </Button>
          <Button onClick={() => navigate(editing ? `/admin/product/${id}` : '/admin/product')}>Cancel</Button>
        </Space>
      </Form>
    </Space>
  );
}
