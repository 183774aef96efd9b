import { useQueryClient } from '@tanstack/react-query';
import { resources, routes, type UserDetail } from '@tillbook/contract';
import { Button, Empty, Popconfirm, Space, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../../lib/api.ts';
import { notify } from '../../../lib/notices.tsx';
import { usePermissions } from '../../../lib/permissions.ts';
import type { FieldDef } from '../../../ui/resource/fields.ts';
import { refTo } from '../../../ui/resource/screen-from-contract.ts';
import { salaryPeriodField, salaryText } from '../salary-text.ts';
import { periodText, todayText } from './history-periods.ts';
import { RecordModal } from './RecordModal.tsx';

type Kind = 'designation' | 'salary';
type Period = { id: number; startDate: string; endDate: string | null; comment: string | null } & Record<string, unknown>;

const dates: FieldDef[] = [
  { name: 'startDate', label: 'From', type: 'date', required: true },
  { name: 'endDate', label: 'Until (empty: still running)', type: 'date' },
  { name: 'comment', label: 'Comment', type: 'textarea' },
];

/** What differs between the two histories: the value, its field, its calls and its words. */
const kinds = {
  designation: {
    entity: 'designationHistory',
    schema: resources.designationHistory.input.omit({ userId: true }),
    fields: [
      { name: 'designationId', label: 'Designation', type: 'ref', ...refTo(resources.designation), required: true },
      ...dates,
    ] as FieldDef[],
    rows: (u: UserDetail) => u.designationHistory as Period[],
    title: (p: Period) => (p.designation as { name: string } | undefined)?.name ?? '',
    add: 'Change designation',
    saved: 'Designation history saved',
    deleted: 'Designation history deleted',
    empty: 'No designation recorded',
    create: (body: never) => api(routes.designationHistory.create, { body }),
    update: (id: number, body: never) => api(routes.designationHistory.update, { params: { id }, body }),
    delete: (id: number) => api(routes.designationHistory.delete, { params: { id } }, { toast: true }),
  },
  salary: {
    entity: 'salaryHistory',
    schema: resources.salaryHistory.input.omit({ userId: true }),
    fields: [{ name: 'salary', label: 'Salary', type: 'money', required: true }, salaryPeriodField(), ...dates] as FieldDef[],
    rows: (u: UserDetail) => u.salaryHistory as Period[],
    title: (p: Period) => salaryText(p),
    add: 'Change salary',
    saved: 'Salary history saved',
    deleted: 'Salary history deleted',
    empty: 'No salary recorded',
    create: (body: never) => api(routes.salaryHistory.create, { body }),
    update: (id: number, body: never) => api(routes.salaryHistory.update, { params: { id }, body }),
    delete: (id: number) => api(routes.salaryHistory.delete, { params: { id } }, { toast: true }),
  },
} as const;

/**
 * A person's designations or salaries as a timeline, newest first: each period "from – to", the running one
 * "from – now". A change (a new period with no end) closes the running one the day before it starts (the server
 * does it); each period is edited or deleted in place.
 */
export function HistoryTab({ user, kind }: { user: UserDetail; kind: Kind }) {
  const k = kinds[kind];
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Record<string, unknown> | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['user', String(user.id)] });
  const rows = k.rows(user);

  async function save(values: Record<string, unknown>) {
    const body = { ...values, userId: user.id } as never;
    const result = editing?.id === undefined ? await k.create(body) : await k.update(Number(editing.id), body);
    if (result.error === undefined) await refresh();
    return result;
  }

  async function remove(row: Period) {
    const result = await k.delete(row.id);
    if (result.error !== undefined) return;
    notify.success(k.deleted);
    await refresh();
  }

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid={`${kind}-timeline`}>
      {can(`create-${k.entity}`) && (
        <Button type="primary" onClick={() => setEditing({ startDate: todayText() })}>
          {k.add}
        </Button>
      )}
      {rows.length === 0 ? (
        <Empty description={k.empty} />
      ) : (
        <Timeline
          items={rows.map((row) => ({
            key: row.id,
            color: row.endDate === null ? 'green' : 'gray',
            content: (
              <div data-testid={`${kind}-period`}>
                <Space wrap size="small">
                  <Typography.Text strong>{k.title(row)}</Typography.Text>
                  <Typography.Text>{periodText(row)}</Typography.Text>
                  {row.endDate === null && <Tag color="green">Current</Tag>}
                </Space>
                {row.comment && <div>{row.comment}</div>}
                <Space size="small">
                  {can(`update-${k.entity}`) && (
                    <Button size="small" type="link" onClick={() => setEditing(row)}>
                      Edit
                    </Button>
                  )}
                  {can(`delete-${k.entity}`) && (
                    <Popconfirm title="Delete this period for good?" okText="Delete" cancelText="Keep" onConfirm={() => remove(row)}>
                      <Button size="small" type="link" danger>
                        Delete
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              </div>
            ),
          }))}
        />
      )}
      <RecordModal
        title={editing?.id === undefined ? k.add : `Edit ${kind}`}
        row={editing}
        fields={k.fields}
        schema={editing?.id === undefined ? k.schema : k.schema.partial()}
        onClose={() => setEditing(undefined)}
        onSave={save}
        saved={k.saved}
      />
    </Space>
  );
}
