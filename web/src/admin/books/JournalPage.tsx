import { useQueryClient } from '@tanstack/react-query';
import { journalMessages, routes } from '@tillbook/contract';
import { Button, Input, Popconfirm, Select, Typography } from 'antd';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { useListParams } from '../../lib/list-params.ts';
import { notify } from '../../lib/notices.tsx';
import { usePermissions } from '../../lib/permissions.ts';
import { DateRangeFilter } from '../../ui/document/DateRangeFilter.tsx';
import { DocumentListPage } from '../../ui/document/DocumentListPage.tsx';
import { money } from '../../ui/document/LinesTable.tsx';
import { Totals } from '../../ui/document/Totals.tsx';
import { RefSelect, useLookup } from '../../ui/resource/lookup.tsx';
import { type Posting, subAccountSource } from './book-types.ts';
import { ManualEntryButton } from './ManualEntryForm.tsx';
import { DocumentCell, postingKinds } from './posting-format.tsx';

const filters = ['startDate', 'endDate', 'accountId', 'type', 'relatedId'] as const;

/** A cell whose text wraps at `width` px (less on a narrow screen) rather than widening its column. */
const wrapped = (width: number) => ({ maxWidth: `min(${width}px, 50vw)`, whiteSpace: 'normal' as const });

/**
 * The journal: every entry of the period (this month unless dates are chosen), filtered by account,
 * kind and document. Manual entries and payments can be deleted (their reversal is posted); a new
 * manual entry is added here.
 */
export default function JournalPage() {
  const list = useListParams({ filters });
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const accounts = useLookup(subAccountSource);
  const keyOf = (id: number) => accounts.byId.get(id)?.systemKey;
  /** A manual entry, or a payment: a customer's (credit Accounts Receivable) or a supplier's (debit Accounts Payable). */
  const deletable = (r: Posting) =>
    r.type === 'transaction' ||
    (r.relatedId !== null &&
      ((r.type === 'sale' && keyOf(r.creditId) === 'accountsReceivable') ||
        (r.type === 'purchase' && keyOf(r.debitId) === 'accountsPayable')));

  async function remove(row: Posting) {
    const result = await api(routes.transaction.delete, { params: { id: row.id } }, { toast: true });
    if (result.error !== undefined) return;
    notify.success(journalMessages.deleted);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['list'] }),
      queryClient.invalidateQueries({ queryKey: ['statement'] }),
      queryClient.invalidateQueries({ queryKey: ['account'] }),
    ]);
  }

  const accountCell = (side: Posting['debit']) => <Link to={`/admin/account/${side.id}`}>{side.name}</Link>;
  return (
    <DocumentListPage<typeof routes.transaction.list, Posting>
      title="Journal"
      endpoint={routes.transaction.list}
      list={list}
      rows={(a) => a.getAllTransaction}
      total={(a) => a.totalTransaction}
      rowKey="id"
      emptyText="No entries in this period"
      totalText={(n) => `${n} entries`}
      tools={
        <>
          <DateRangeFilter list={list} />
          <RefSelect
            source={subAccountSource}
            aria-label="Account"
            placeholder="Account"
            value={list.filters.accountId ? Number(list.filters.accountId) : undefined}
            onChange={(v) => list.setFilters({ accountId: v as number | undefined })}
            style={{ width: 180 }}
          />
          <Select
            aria-label="Kind"
            placeholder="Kind"
            allowClear
            options={postingKinds}
            value={list.filters.type}
            onChange={(v: string | undefined) => list.setFilters({ type: v })}
            style={{ width: 160 }}
          />
          <Input.Search
            aria-label="Document number"
            placeholder="Document no."
            allowClear
            defaultValue={list.filters.relatedId}
            onSearch={(text) => list.setFilters({ relatedId: text.trim() })}
            style={{ width: 150 }}
          />
          {can('create-transaction') && <ManualEntryButton />}
        </>
      }
      totals={(a) => (
        <>
          {!list.filters.startDate && !list.filters.endDate && <Typography.Text type="secondary">This month's entries</Typography.Text>}
          <Totals
            label="Journal totals"
            items={[
              ['Entries', a.aggregations._count.id],
              ['Amount', money(a.aggregations._sum.amount)],
            ]}
          />
        </>
      )}
      columns={[
        { key: 'id', title: 'No.', dataIndex: 'id', sorter: true },
        { key: 'date', title: 'Date', dataIndex: 'date', sorter: true },
        {
          key: 'particulars',
          title: 'Particulars',
          // long texts wrap instead of pushing the actions out of the card at 1366 px
          render: (_, r) => <div style={wrapped(200)}>{r.particulars}</div>,
        },
        { key: 'debit', title: 'Debit', render: (_, r) => <div style={wrapped(140)}>{accountCell(r.debit)}</div> },
        { key: 'credit', title: 'Credit', render: (_, r) => <div style={wrapped(140)}>{accountCell(r.credit)}</div> },
        { key: 'amount', title: 'Amount', align: 'right', sorter: true, render: (_, r) => money(r.amount) },
        {
          key: 'document',
          title: 'Document',
          render: (_, r) => (
            <div style={wrapped(140)}>
              <DocumentCell posting={r} />
            </div>
          ),
        },
        {
          key: 'actions',
          title: 'Actions',
          // kept in view at the right edge of the card however wide the other columns are
          fixed: 'right',
          render: (_, r) =>
            can('delete-transaction') &&
            deletable(r) && (
              <Popconfirm
                title={
                  r.type === 'transaction' ? 'Delete this entry? Its reversal is posted.' : 'Delete this payment? Its amount is owed again.'
                }
                onConfirm={() => remove(r)}
                okText="Delete"
                cancelText="Keep it"
              >
                <Button size="small" danger>
                  Delete
                </Button>
              </Popconfirm>
            ),
        },
      ]}
    />
  );
}
