import { useQueryClient } from '@tanstack/react-query';
import { accountMessages, routes } from '@tillbook/contract';
import { Button, Input, Popconfirm, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { useListParams } from '../../lib/list-params.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { DocumentListPage } from '../../ui/document/DocumentListPage.tsx';
import { invalidateLookups } from '../../ui/resource/lookup.tsx';
import type { SubAccount } from './book-types.ts';
import { SubAccountForm, useMainAccounts } from './SubAccountForm.tsx';

const filters = ['key', 'accountId', 'status'] as const;
const statuses = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Hidden' },
  { value: 'true,false', label: 'All' },
];

/**
 * The chart of accounts: the sub-accounts under their main accounts, searchable and filtered by main
 * account and status. Own accounts can be added, renamed, hidden and (while nothing is posted to
 * them) deleted; system accounts, which business code posts to, show a tag and stay as they are.
 */
export default function ChartOfAccountsPage() {
  const list = useListParams({ filters, count: 20 });
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const mains = useMainAccounts().data ?? [];
  const [form, setForm] = useState<{ open: boolean; editing?: SubAccount }>({ open: false });

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['list'] }),
      queryClient.invalidateQueries({ queryKey: ['statement'] }),
      queryClient.invalidateQueries({ queryKey: ['account'] }),
      invalidateLookups(queryClient, 'account'),
    ]);

  async function save(values: { name: string; accountId: number }) {
    const editing = form.editing;
    const result = editing
      ? await api(routes.account.update, { params: { id: editing.id }, body: values }, { toast: true })
      : await api(routes.account.create, { body: values }, { toast: true });
    if (result.error !== undefined) return result.fields ?? 'refused';
    notify.success(editing ? accountMessages.updated : accountMessages.added);
    setForm({ open: false });
    await refresh();
    return undefined;
  }

  async function setStatus(row: SubAccount, status: 'true' | 'false') {
    const result = await api(routes.account.status, { params: { id: row.id }, body: { status } }, { toast: true });
    if (result.error !== undefined) return;
    notify.success(accountMessages.updated);
    await refresh();
  }

  async function remove(row: SubAccount) {
    const result = await api(routes.account.delete, { params: { id: row.id } }, { toast: true });
    if (result.error !== undefined) return;
    notify.success(accountMessages.deleted);
    await refresh();
  }

  return (
    <>
      <DocumentListPage<typeof routes.account.list, SubAccount>
        title="Chart of accounts"
        endpoint={routes.account.list}
        list={list}
        fixed={{ type: 'sa', ...(list.filters.status ? {} : { status: 'true' }) }}
        rows={(a) => ('getAllSubAccount' in a ? a.getAllSubAccount : [])}
        total={(a) => ('totalSubAccount' in a ? a.totalSubAccount : 0)}
        rowKey="id"
        totalText={(n) => `${n} accounts`}
        emptyText="No account found"
        tools={
          <>
            <Input.Search
              placeholder="Account name"
              aria-label="Search"
              allowClear
              defaultValue={list.filters.key}
              style={{ width: 180 }}
              onSearch={(text) => list.setFilters({ key: text.trim() })}
            />
            <Select
              aria-label="Main account"
              placeholder="Main account"
              allowClear
              style={{ width: 180 }}
              value={list.filters.accountId ? Number(list.filters.accountId) : undefined}
              options={mains.map((m) => ({ value: m.id, label: `${m.name} (${m.type})` }))}
              onChange={(v: number | undefined) => list.setFilters({ accountId: v })}
            />
            <Select
              aria-label="Status"
              style={{ width: 110 }}
              value={list.filters.status ?? 'true'}
              options={statuses}
              onChange={(v: string) => list.setFilters({ status: v === 'true' ? undefined : v })}
            />
            {can('create-account') && (
              <Button type="primary" onClick={() => setForm({ open: true })}>
                Add account
              </Button>
            )}
          </>
        }
        columns={[
          {
            key: 'name',
            title: 'Account',
            sorter: true,
            render: (_, r) => (
              <Space size={4} wrap>
                {can('readSingle-account') ? <Link to={`/admin/account/${r.id}`}>{r.name}</Link> : r.name}
                {r.systemKey && <Tag color="blue">System</Tag>}
                {r.status === 'false' && <Tag>Hidden</Tag>}
              </Space>
            ),
          },
          { key: 'accountId', title: 'Main account', sorter: true, render: (_, r) => r.account.name },
          { key: 'type', title: 'Type', render: (_, r) => r.account.type },
          {
            key: 'actions',
            title: 'Actions',
            render: (_, r) =>
              !r.systemKey &&
              can('update-account') && (
                <Space size={4} wrap>
                  <Button size="small" onClick={() => setForm({ open: true, editing: r })}>
                    Rename
                  </Button>
                  {r.status === 'false' ? (
                    <Button size="small" onClick={() => setStatus(r, 'true')}>
                      Show
                    </Button>
                  ) : (
                    <Button size="small" onClick={() => setStatus(r, 'false')}>
                      Hide
                    </Button>
                  )}
                  {can('delete-account') && r.posted !== 'true' && (
                    <Popconfirm title={`Delete ${r.name}?`} onConfirm={() => remove(r)} okText="Delete" cancelText="Keep it">
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
      <SubAccountForm open={form.open} editing={form.editing} onClose={() => setForm({ open: false })} onSave={save} />
    </>
  );
}
