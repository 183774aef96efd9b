import { useQuery } from '@tanstack/react-query';
import { routes } from '@tillbook/contract';
import { Alert, Space, Table, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { useListParams } from '../../lib/list-params.ts';
import { DateRangeFilter } from '../../ui/document/DateRangeFilter.tsx';
import { money } from '../../ui/document/LinesTable.tsx';
import { Totals } from '../../ui/document/Totals.tsx';
import type { Posting } from './book-types.ts';
import { DocumentCell } from './posting-format.tsx';

/** One side's postings: date, particulars, the other account, the document and the amount. */
function Postings(props: { title: string; rows: Posting[]; other: 'debit' | 'credit'; total: number; range: string }) {
  const { title, rows, other, total } = props;
  return (
    <section aria-label={title}>
      <Typography.Title level={4}>{title}</Typography.Title>
      <Table<Posting>
        rowKey="id"
        size="small"
        pagination={rows.length > 50 ? { pageSize: 50 } : false}
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        locale={{ emptyText: 'No postings' }}
        columns={[
          { key: 'date', title: 'Date', dataIndex: 'date' },
          { key: 'particulars', title: 'Particulars', dataIndex: 'particulars' },
          {
            key: 'other',
            title: other === 'credit' ? 'Credited to' : 'Debited to',
            render: (_, r) => <Link to={`/admin/account/${r[other].id}${props.range}`}>{r[other].name}</Link>,
          },
          { key: 'document', title: 'Document', render: (_, r) => <DocumentCell posting={r} /> },
          { key: 'amount', title: 'Amount', align: 'right', render: (_, r) => money(r.amount) },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={4}>
              <strong>Total</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              <strong>{money(total)}</strong>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </section>
  );
}

/** A sub-account's page: its postings over a range (debit and credit), opening, totals and closing balance. */
export default function AccountPage() {
  const id = Number(useParams().id);
  const list = useListParams({ filters: ['startDate', 'endDate'] as const });
  const { startDate, endDate } = list.filters;
  const answer = useQuery({
    queryKey: ['account', id, startDate, endDate],
    queryFn: () => must(api(routes.account.get, { params: { id }, query: { startDate, endDate } })),
  });
  const a = answer.data;
  // the other side's account opens over the same range
  const range = new URLSearchParams(Object.entries({ startDate, endDate }).filter((e): e is [string, string] => !!e[1])).toString();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {a ? a.name : 'Account'} {a?.systemKey && <Tag>System</Tag>} {a?.status === 'false' && <Tag>Hidden</Tag>}
        </Typography.Title>
        <Space wrap>
          <DateRangeFilter list={list} />
          <Link to={`/admin/transaction?accountId=${id}`}>In the journal</Link>
          <Link to="/admin/account">Chart of accounts</Link>
        </Space>
      </Space>
      {answer.error && <Alert type="error" title={answer.error.message} />}
      {a && (
        <>
          <Typography.Text>
            {a.account.name} ({a.account.type}), {a.startDate ?? 'start of the books'} to {a.endDate}
          </Typography.Text>
          <Totals
            label="Account totals"
            items={[
              ['Opening balance', money(a.openingBalance)],
              ['Total debit', money(a.totalDebit)],
              ['Total credit', money(a.totalCredit)],
              ['Balance for the period', money(a.balance)],
              ['Closing balance', money(a.closingBalance)],
            ]}
          />
          {a.truncated === 'true' && (
            <Alert type="info" title="Only the newest 500 postings of each side are listed; the totals count them all." />
          )}
          <Postings title="Debit postings" rows={a.debit} other="credit" total={a.totalDebit} range={range ? `?${range}` : ''} />
          <Postings title="Credit postings" rows={a.credit} other="debit" total={a.totalCredit} range={range ? `?${range}` : ''} />
        </>
      )}
    </Space>
  );
}
