import { useQueryClient } from '@tanstack/react-query';
import { recordRoutes, resources, type UserDetail } from '@tillbook/contract';
import { Button, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { notify } from '../../../lib/notices.tsx';
import { usePermissions } from '../../../lib/permissions.ts';
import type { FieldDef } from '../../../ui/resource/fields.ts';
import { refTo } from '../../../ui/resource/screen-from-contract.ts';
import { RecordModal } from './RecordModal.tsx';

type Row = Record<string, unknown> & { id: number };
const dash = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

/** The person's awards and studies: each a small table, rows added, edited and deleted (for good) in place. */
const kinds = {
  award: {
    contract: resources.awardHistory,
    rows: (u: UserDetail) => u.awardHistory as Row[],
    fields: [
      { name: 'awardId', label: 'Award', type: 'ref', ...refTo(resources.award), required: true },
      { name: 'awardedDate', label: 'Awarded on', type: 'date', required: true },
      { name: 'comment', label: 'Comment', type: 'textarea' },
    ] as FieldDef[],
    columns: [
      { key: 'award', title: 'Award', render: (r: Row) => dash((r.award as { name?: string } | undefined)?.name) },
      { key: 'awardedDate', title: 'Awarded on', render: (r: Row) => dash(r.awardedDate) },
      { key: 'comment', title: 'Comment', render: (r: Row) => dash(r.comment) },
    ],
    schema: resources.awardHistory.input.omit({ userId: true }),
    add: 'Add award',
    noun: 'Award record',
    empty: 'No award recorded',
  },
  education: {
    contract: resources.education,
    rows: (u: UserDetail) => u.education as Row[],
    fields: [
      { name: 'degree', label: 'Degree', type: 'text', required: true },
      { name: 'institution', label: 'Institution', type: 'text', required: true },
      { name: 'fieldOfStudy', label: 'Field of study', type: 'text', required: true },
      { name: 'result', label: 'Result', type: 'text', required: true },
      { name: 'studyStartDate', label: 'Started', type: 'date', required: true },
      { name: 'studyEndDate', label: 'Finished', type: 'date' },
    ] as FieldDef[],
    columns: [
      { key: 'degree', title: 'Degree', render: (r: Row) => dash(r.degree) },
      { key: 'institution', title: 'Institution', render: (r: Row) => dash(r.institution) },
      { key: 'fieldOfStudy', title: 'Field of study', render: (r: Row) => dash(r.fieldOfStudy) },
      { key: 'result', title: 'Result', render: (r: Row) => dash(r.result) },
      { key: 'period', title: 'When', render: (r: Row) => `${dash(r.studyStartDate)} – ${r.studyEndDate ?? 'now'}` },
    ],
    schema: resources.education.input.omit({ userId: true }),
    add: 'Add education',
    noun: 'Education record',
    empty: 'No education recorded',
  },
} as const;

export function RecordsTab({ user, kind }: { user: UserDetail; kind: keyof typeof kinds }) {
  const k = kinds[kind];
  const calls = recordRoutes(k.contract);
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Record<string, unknown> | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['user', String(user.id)] });

  async function save(values: Record<string, unknown>) {
    const body = { ...values, userId: user.id };
    const result =
      editing?.id === undefined ? await api(calls.create, { body }) : await api(calls.update, { params: { id: Number(editing.id) }, body });
    if (result.error === undefined) await refresh();
    return result;
  }

  async function remove(row: Row) {
    const result = await api(calls.delete, { params: { id: row.id } }, { toast: true });
    if (result.error !== undefined) return;
    notify.success(`${k.noun} deleted`);
    await refresh();
  }

  const actions = {
    key: 'actions',
    title: '',
    render: (row: Row) => (
      <Space size="small">
        {can(`update-${k.contract.entity}`) && (
          <Button size="small" type="link" onClick={() => setEditing(row)}>
            Edit
          </Button>
        )}
        {can(`delete-${k.contract.entity}`) && (
          <Popconfirm title="Delete this record for good?" okText="Delete" cancelText="Keep" onConfirm={() => remove(row)}>
            <Button size="small" type="link" danger>
              Delete
            </Button>
          </Popconfirm>
        )}
      </Space>
    ),
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid={`${kind}-records`}>
      {can(`create-${k.contract.entity}`) && (
        <Button type="primary" onClick={() => setEditing({})}>
          {k.add}
        </Button>
      )}
      <Table<Row>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={k.rows(user)}
        locale={{ emptyText: k.empty }}
        columns={[...k.columns, actions].map((c) => ({ key: c.key, title: c.title, render: (_: unknown, row: Row) => c.render(row) }))}
      />
      <RecordModal
        title={editing?.id === undefined ? k.add : `Edit ${k.noun.toLowerCase()}`}
        row={editing}
        fields={k.fields}
        schema={editing?.id === undefined ? k.schema : k.schema.partial()}
        onClose={() => setEditing(undefined)}
        onSave={save}
        saved={`${k.noun} saved`}
      />
    </Space>
  );
}
