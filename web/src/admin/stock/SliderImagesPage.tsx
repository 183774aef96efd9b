import { useQuery, useQueryClient } from '@tanstack/react-query';
import { permissionName, routes, type SliderImage, sliderImagesListKeys } from '@tillbook/contract';
import { Button, Form, Image, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { useListParams } from '../../lib/list-params.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { sliderTexts } from './texts.ts';

type Slide = SliderImage;
type Values = { linkUrl?: string; index?: number; status?: string };

/** Storefront slider images: thumbnails, link and order; added and replaced as form data; deleted for good. */
export default function SliderImagesPage() {
  const params = useListParams();
  const { page, count } = params;
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const allowed = (action: 'create' | 'update' | 'delete') => can(permissionName(action, 'sliderImages'));
  const [editing, setEditing] = useState<Slide | 'new' | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Values>();

  const query = { ...params.query, status: 'true,false' };
  const list = useQuery({
    queryKey: ['list', routes.slider.list.path, query],
    queryFn: () => must(api(routes.slider.list, { query })),
  });
  const rows = list.data?.[sliderImagesListKeys.rows] ?? [];
  const total = list.data?.[sliderImagesListKeys.total] ?? 0;
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['list', routes.slider.list.path] });

  function open(row: Slide | 'new') {
    form.resetFields();
    setFile(null);
    if (row !== 'new') form.setFieldsValue({ linkUrl: row.linkUrl ?? '', index: row.index, status: row.status });
    setEditing(row);
  }

  async function save() {
    if (editing === 'new' && !file) {
      form.setFields([{ name: 'linkUrl', errors: [] }]);
      notify.error(sliderTexts.imageNeeded);
      return;
    }
    const values = form.getFieldsValue(true);
    const body = new FormData();
    body.set('linkUrl', values.linkUrl ?? '');
    body.set('index', String(values.index ?? 0));
    body.set('status', values.status ?? 'true');
    if (file) body.set('image', file);
    setSaving(true);
    const result =
      editing === 'new'
        ? await api(routes.slider.create, { body })
        : await api(routes.slider.update, { params: { id: (editing as Slide).id }, body });
    setSaving(false);
    if (result.error !== undefined) {
      const fields = Object.entries(result.fields ?? {});
      const onForm = fields.filter(([name]) => name === 'linkUrl' || name === 'index');
      form.setFields(
        onForm.map(([name, text]) => ({ name: name as keyof Values, errors: [`${name === 'linkUrl' ? 'Link' : 'Order'} ${text}`] })),
      );
      const rest = fields
        .filter(([name]) => name !== 'linkUrl' && name !== 'index')
        .map(([name, text]) => `${name === 'image' ? 'Image' : name} ${text}`);
      if (rest.length) notify.error(rest.join('; '));
      else if (!onForm.length) notify.error(result.error);
      return;
    }
    notify.success(editing === 'new' ? sliderTexts.added : sliderTexts.updated);
    setEditing(null);
    await refresh();
  }

  async function remove(row: Slide) {
    const result = await api(routes.slider.delete, { params: { id: row.id } }, { toast: true });
    if (result.error !== undefined) return;
    notify.success(sliderTexts.deleted);
    await refresh();
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Slider images
        </Typography.Title>
        {allowed('create') && (
          <Button type="primary" onClick={() => open('new')}>
            Add
          </Button>
        )}
      </Space>
      <Table<Slide>
        rowKey="id"
        loading={list.isLoading}
        dataSource={rows}
        pagination={{ current: page, pageSize: count, total, showTotal: (n) => `${n} in all`, onChange: (p, c) => params.setPage(p, c) }}
        locale={{ emptyText: list.error ? list.error.message : 'Nothing here yet' }}
        columns={[
          {
            key: 'image',
            title: 'Image',
            render: (_, row) => (
              <Image src={row.imageUrl ?? undefined} alt={`Slide ${row.id}`} width={120} height={48} style={{ objectFit: 'cover' }} />
            ),
          },
          { key: 'linkUrl', title: 'Link', dataIndex: 'linkUrl' },
          { key: 'index', title: 'Order', dataIndex: 'index', align: 'right' },
          { key: 'status', title: 'Shown', render: (_, row) => (row.status === 'true' ? 'Yes' : 'No') },
          {
            key: 'actions',
            title: 'Actions',
            render: (_, row) => (
              <Space>
                {allowed('update') && (
                  <Button size="small" onClick={() => open(row)}>
                    Edit
                  </Button>
                )}
                {allowed('delete') && (
                  <Popconfirm title="Delete this slide for good?" onConfirm={() => remove(row)} okText="Delete">
                    <Button size="small" danger>
                      Delete
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? 'Add slider image' : 'Edit slider image'}
        onCancel={() => setEditing(null)}
        onOk={save}
        okText="Save"
        confirmLoading={saving}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" name="slider">
          <Form.Item label={editing === 'new' ? 'Image' : 'New image (leave empty to keep the current one)'} required={editing === 'new'}>
            <input
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              aria-label="Image"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </Form.Item>
          <Form.Item name="linkUrl" label="Link">
            <Input placeholder="/products?productBrandId=2 or https://…" />
          </Form.Item>
          <Form.Item name="index" label="Order" initialValue={0}>
            <InputNumber min={0} step={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="status" label="Shown in the shop" initialValue="true">
            <Select
              options={[
                { value: 'true', label: 'Yes' },
                { value: 'false', label: 'No' },
              ]}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
