import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Entity, type FieldLabels, permissionName, type RecordRoutes, rowsOf, totalOf } from '@tillbook/contract';
import { Button, Form, Input, Modal, Popconfirm, Segmented, Space, Switch, Table, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { useAddressParams } from '../../lib/address.ts';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import type { ColumnDef, FieldDef, FilterDef, ResourceMessages } from './fields.ts';
import { notSavedText, scrollToFirstError } from './form-errors.ts';
import { invalidateLookups, RefSelect } from './lookup.tsx';
import { fromWire, placeFieldErrors, ResourceForm, toWire, validate } from './ResourceForm.tsx';

export type ResourceRow = Record<string, unknown> & { id: number; status?: string };
type Row = ResourceRow;
/** List parameters put in the URL after a write (page, count, status ...). */
export type ListReset = Record<string, string | number>;

export interface ResourceScreen {
  title: string;
  /** API path, e.g. 'product-color': the key of the list's cache and of its lookups. */
  path: string;
  /** The calls the page makes, from the contract (`recordRoutes`). */
  routes: RecordRoutes;
  /** List keys getAll<listName> / total<listName> (or totalKey). */
  listName: string;
  totalKey?: string;
  /** Permission entity: create/update/delete buttons show only when the role allows them. */
  entity: Entity;
  columns: ColumnDef<Row>[];
  fields: FieldDef[];
  /** Fields of the edit form when they differ from the create form's. */
  editFields?: FieldDef[];
  /** The contract's input schema: the form checks it before sending. */
  schema?: z.ZodObject;
  /** Schema of an edit (default: every field of `schema` optional). */
  editSchema?: z.ZodObject;
  /** The contract's own field labels, for errors naming a field the form does not show. */
  labels?: FieldLabels;
  deletion: 'soft' | 'hard';
  messages: ResourceMessages;
  /** After an update the list goes back to page 1, count 10 (spec: courier medium, currency). */
  firstPageAfterUpdate?: boolean;
  /** List parameters set after a create or an update (spec: VAT update, page-size add and update). */
  reloadWith?: { create?: ListReset; update?: ListReset };
  /** Selects above the list that narrow it by a reference. */
  filters?: FilterDef[];
  /** Extra buttons per row. */
  rowActions?: (row: Row) => ReactNode;
}

const statusFilters = [
  { label: 'Active', value: 'true' },
  { label: 'Hidden', value: 'false' },
  { label: 'All', value: 'true,false' },
];

/**
 * The list screen of a plain resource: paging (page and count in the URL), search, a status filter,
 * sorting, create and edit in a dialog with field errors on the fields, activate/hide or delete.
 */
export function ResourceListPage({
  screen,
  history,
}: {
  screen: ResourceScreen;
  /** A record's History under its edit form (issue 34), for the screens whose records the audit log follows. */
  history?: (id: number) => ReactNode;
}) {
  const [params, setParams] = useAddressParams();
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm();

  const page = Number(params.get('page') ?? 1);
  const count = Number(params.get('count') ?? 10);
  const key = params.get('key') ?? '';
  const status = params.get('status') ?? 'true';
  const sort = params.get('sort') ?? undefined;
  const order = params.get('order') ?? undefined;
  const own = Object.fromEntries((screen.filters ?? []).map((f) => [f.name, params.get(f.name) ?? undefined]));
  const filters = { page, count, status, key, sort, order, ...own };
  const listKey = ['list', screen.path, filters];
  const list = useQuery({ queryKey: listKey, queryFn: () => must(api(screen.routes.list, { query: filters })) });
  const rows: Row[] = rowsOf(list.data, screen.listName);
  const total = totalOf(list.data, screen.totalKey ?? `total${screen.listName}`);

  const setFilter = (changes: Record<string, string | number | undefined>) => {
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(name);
        else next.set(name, String(value));
      }
      return next;
    });
  };
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: ['list', screen.path] }), invalidateLookups(queryClient, screen.path)]);
  const allowed = (action: 'create' | 'update' | 'delete') => can(permissionName(action, screen.entity));

  const formFields = editing === 'new' || !screen.editFields ? screen.fields : screen.editFields;

  function open(row: Row | 'new') {
    form.resetFields();
    if (row !== 'new') form.setFieldsValue(fromWire(screen.editFields ?? screen.fields, row));
    setEditing(row);
  }

  const schema = editing === 'new' ? screen.schema : (screen.editSchema ?? screen.schema?.partial());

  /**
   * A refused save: errors of fields on the form go onto them, the first is scrolled into view and a
   * notice names the fields; errors naming no field on the form (or none at all) go to a notice.
   */
  function refused(fields: Record<string, string> | undefined, message?: string) {
    const { placed, unplaced } = placeFieldErrors(form, fields, formFields, screen.labels);
    if (placed.length) {
      scrollToFirstError(
        form,
        formFields.map((f) => f.name),
      );
      notify.error(notSavedText(placed));
    } else if (!unplaced.length && message) notify.error(message);
    if (unplaced.length) notify.error(unplaced.join('; '));
  }

  async function save() {
    const values = toWire(formFields, form.getFieldsValue(true));
    // a cleared select leaves no value: on an edit that must empty the field, not keep the old one
    if (editing !== 'new') for (const f of formFields) if (values[f.name] === undefined && editing?.[f.name] != null) values[f.name] = null;
    const invalid = validate(schema, values);
    if (invalid) {
      refused(invalid);
      return;
    }
    setSaving(true);
    const result =
      editing === 'new'
        ? await api(screen.routes.create, { body: values })
        : await api(screen.routes.update, { params: { id: (editing as Row).id }, body: values });
    setSaving(false);
    if (result.error !== undefined) {
      refused(result.fields, result.error);
      return;
    }
    notify.success(editing === 'new' ? screen.messages.created : screen.messages.updated);
    const reset =
      editing === 'new'
        ? screen.reloadWith?.create
        : { ...(screen.firstPageAfterUpdate ? { page: 1, count: 10 } : {}), ...screen.reloadWith?.update };
    if (reset && Object.keys(reset).length) setFilter(reset);
    setEditing(null);
    await refresh();
  }

  async function setStatus(row: Row, active: boolean) {
    const result = await api(
      screen.routes.setStatus,
      { params: { id: row.id }, body: { status: active ? 'true' : 'false' } },
      { toast: true },
    );
    if (result.error !== undefined) return;
    notify.success(active ? screen.messages.activated : screen.messages.hidden);
    await refresh();
  }

  async function remove(row: Row) {
    const result = await api(screen.routes.delete, { params: { id: row.id } }, { toast: true });
    if (result.error !== undefined) return;
    notify.success(screen.messages.deleted);
    await refresh();
  }

  const columns = [
    ...screen.columns.map((c) => ({
      key: c.key,
      dataIndex: c.key,
      title: c.title,
      sorter: c.sortable,
      align: c.align,
      sortOrder: sort === c.key ? (order === 'desc' ? ('descend' as const) : ('ascend' as const)) : null,
      render: c.render ? (_: unknown, row: Row) => c.render!(row) : undefined,
    })),
    {
      key: 'actions',
      title: 'Actions',
      render: (_: unknown, row: Row) => (
        <Space>
          {allowed('update') && (
            <Button size="small" onClick={() => open(row)}>
              Edit
            </Button>
          )}
          {screen.deletion === 'soft' && allowed('delete') && (
            <Switch
              size="small"
              checked={row.status === 'true'}
              onChange={(on) => setStatus(row, on)}
              aria-label={row.status === 'true' ? 'Hide' : 'Activate'}
            />
          )}
          {screen.deletion === 'hard' && allowed('delete') && (
            <Popconfirm title="Delete this record for good?" onConfirm={() => remove(row)} okText="Delete">
              <Button size="small" danger>
                Delete
              </Button>
            </Popconfirm>
          )}
          {screen.rowActions?.(row)}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {screen.title}
        </Typography.Title>
        <Space wrap>
          <Input.Search
            placeholder="Search"
            allowClear
            defaultValue={key}
            onSearch={(text) => setFilter({ key: text, page: 1 })}
            style={{ width: 220 }}
            aria-label="Search"
          />
          {screen.filters?.map((f) => (
            <RefSelect
              key={f.name}
              source={f}
              value={own[f.name] ? Number(own[f.name]) : undefined}
              onChange={(value?: number) => setFilter({ [f.name]: value, page: 1 })}
              placeholder={`Any ${f.label.toLowerCase()}`}
              aria-label={f.label}
              style={{ minWidth: 180 }}
            />
          ))}
          {screen.deletion === 'soft' && (
            <Segmented options={statusFilters} value={status} onChange={(v) => setFilter({ status: v as string, page: 1 })} />
          )}
          {allowed('create') && (
            <Button type="primary" onClick={() => open('new')}>
              Add
            </Button>
          )}
        </Space>
      </Space>
      <Table<Row>
        rowKey="id"
        loading={list.isLoading}
        dataSource={rows}
        columns={columns}
        onChange={(pagination, _filters, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          setFilter({
            page: pagination.current,
            count: pagination.pageSize,
            sort: s?.order ? String(s.columnKey) : undefined,
            order: s?.order ? (s.order === 'descend' ? 'desc' : 'asc') : undefined,
          });
        }}
        pagination={{ current: page, pageSize: count, total, showSizeChanger: true, showTotal: (n) => `${n} in all` }}
        locale={{ emptyText: list.error ? list.error.message : 'Nothing here yet' }}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? `Add ${screen.title.toLowerCase()}` : `Edit ${screen.title.toLowerCase()}`}
        onCancel={() => setEditing(null)}
        onOk={save}
        okText="Save"
        confirmLoading={saving}
        destroyOnHidden
      >
        <ResourceForm form={form} fields={formFields} schema={schema} />
        {editing && editing !== 'new' && history?.(Number(editing.id))}
      </Modal>
    </Space>
  );
}
