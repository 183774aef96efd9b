import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Action, actions, records, routes, rowsOf } from '@tillbook/contract';
import { Alert, Button, Checkbox, Result, Space, Spin, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { notify } from '../../lib/notices.tsx';
import { loadPermissions, usePermissions } from '../../lib/permissions.ts';
import { roleId as sessionRoleId } from '../../lib/session.ts';
import { RecordHistory } from '../audit/RecordHistory.tsx';
import { buildMatrix, columnIds, coverage, type MatrixRow, permissionsSaved, rowIds, sameSet, toggleAll } from './permission-matrix.ts';

const superAdmin = 'super-admin';

const actionTitles: Record<Action, string> = {
  create: 'Create',
  readAll: 'Read all',
  readSingle: 'Read one',
  update: 'Update',
  delete: 'Delete',
};

function Toggle({
  ids,
  chosen,
  label,
  disabled,
  onChange,
}: {
  ids: number[];
  chosen: Set<number>;
  label: string;
  disabled: boolean;
  onChange: (next: Set<number>) => void;
}) {
  const state = coverage(chosen, ids);
  return (
    <Checkbox
      aria-label={label}
      checked={state === 'all'}
      indeterminate={state === 'some'}
      disabled={disabled || ids.length === 0}
      onChange={() => onChange(toggleAll(chosen, ids))}
    />
  );
}

/**
 * What a role may do: one row per permission entity, one column per action. Saving replaces the
 * role's whole set. The super-admin role always holds everything, so it is shown read-only.
 */
export default function RolePermissionsPage() {
  const id = Number(useParams().id);
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const role = useQuery({
    queryKey: ['role', id],
    queryFn: () => must(api(records.role.withPermissions, { params: { id } })),
  });
  const catalogue = useQuery({
    queryKey: ['permission-catalogue'],
    queryFn: () => must(api(records.permission.list, { query: { query: 'all' } })),
  });
  const rows = useMemo(() => buildMatrix(rowsOf(catalogue.data, 'Permission')), [catalogue.data]);
  const held = useMemo(() => new Set(role.data?.permissions.map((p) => p.id) ?? []), [role.data]);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [saving, setSaving] = useState(false);
  useEffect(() => setChosen(new Set(held)), [held]);

  if (role.isLoading || catalogue.isLoading) return <Spin />;
  const failure = role.error ?? catalogue.error;
  if (failure || !role.data) {
    return (
      <Result
        status="error"
        title="The role's permissions could not be loaded"
        subTitle={failure?.message}
        extra={<Link to="/admin/role">Back to roles</Link>}
      />
    );
  }

  const isSuperAdmin = role.data.name === superAdmin;
  const readOnly = isSuperAdmin || !can('create-rolePermission');
  const shown = new Set(rows.flatMap(rowIds));
  const dirty = !sameSet(chosen, held);

  async function save() {
    // grants of permissions the catalogue does not show (hidden ones) stay in `chosen`: no toggle reaches them
    setSaving(true);
    const result = await api(routes.rolePermission.replace, { body: { roleId: id, permissionId: [...chosen] } }, { toast: true });
    setSaving(false);
    if (result.error !== undefined) return;
    notify.success(permissionsSaved);
    await queryClient.invalidateQueries({ queryKey: ['role', id] });
    if (sessionRoleId() === id) await loadPermissions();
  }

  const columns = [
    {
      key: 'entity',
      title: 'Permission',
      width: 280,
      render: (_: unknown, row: MatrixRow) => (
        <Space>
          <Toggle ids={rowIds(row)} chosen={chosen} label={`All of ${row.entity}`} disabled={readOnly} onChange={setChosen} />
          <span title={`<action>-${row.entity}`}>{row.label}</span>
        </Space>
      ),
    },
    ...actions.map((action) => ({
      key: action,
      width: 110,
      align: 'center' as const,
      title: (
        <Space orientation="vertical" size={2} style={{ alignItems: 'center' }}>
          <span>{actionTitles[action]}</span>
          <Toggle ids={columnIds(rows, action)} chosen={chosen} label={`Every ${action}`} disabled={readOnly} onChange={setChosen} />
        </Space>
      ),
      render: (_: unknown, row: MatrixRow) => {
        const pid = row.cells[action];
        if (pid === undefined) return null;
        return (
          <Checkbox
            aria-label={`${action}-${row.entity}`}
            checked={chosen.has(pid)}
            disabled={readOnly}
            onChange={(e) => {
              const next = new Set(chosen);
              if (e.target.checked) next.add(pid);
              else next.delete(pid);
              setChosen(next);
            }}
          />
        );
      },
    })),
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="role-permissions-title">
          Permissions of {role.data.name}
        </Typography.Title>
        <Space>
          <Link to="/admin/role">Back to roles</Link>
          {!readOnly && (
            <Button type="primary" onClick={save} loading={saving} disabled={!dirty}>
              Save
            </Button>
          )}
        </Space>
      </Space>
      {isSuperAdmin && <Alert type="info" showIcon title="The super-admin role always holds every permission; it cannot be changed." />}
      {!isSuperAdmin && readOnly && <Alert type="info" showIcon title="Your role may look at these permissions but not change them." />}
      <Typography.Text type="secondary">
        {[...chosen].filter((pid) => shown.has(pid)).length} of {shown.size} permissions chosen{dirty ? ' (not saved yet)' : ''}
      </Typography.Text>
      <Table<MatrixRow> rowKey="entity" size="small" bordered pagination={false} sticky dataSource={rows} columns={columns} />
      <RecordHistory entity="role" id={id} />
    </Space>
  );
}
