import { Button, DatePicker, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAddressParams } from '../../lib/address.ts';
import { money } from '../../ui/document/LinesTable.tsx';
import { type CsvRow, csvFileName, toCsv } from './csv.ts';
import './books.css';

export const day = 'YYYY-MM-DD';

/** A statement's period from the URL (startDate, endDate), by default this month up to today. */
export function useStatementRange() {
  const [params, setParams] = useAddressParams();
  const startDate = params.get('startDate') ?? dayjs().startOf('month').format(day);
  const endDate = params.get('endDate') ?? dayjs().format(day);
  const setRange = (start: string | undefined, end: string | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of [
        ['startDate', start],
        ['endDate', end],
      ] as const)
        value ? next.set(key, value) : next.delete(key);
      return next;
    });
  return { startDate, endDate, setRange };
}

/** The page of an account's postings over the same range as the statement it is opened from. */
export const accountHref = (id: number, startDate: string | undefined, endDate: string) =>
  `/admin/account/${id}?${new URLSearchParams({ ...(startDate ? { startDate } : {}), endDate }).toString()}`;

export const AccountLink = ({ id, name, startDate, endDate }: { id: number; name: string; startDate?: string; endDate: string }) => (
  <Link to={accountHref(id, startDate, endDate)}>{name}</Link>
);

/** Offers a CSV built from the statement's own answer, named for the statement and today. */
export function downloadCsv(name: string, rows: readonly CsvRow[]) {
  const blob = new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(name, dayjs().format(day));
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A statement's page: title, period, Print and Export CSV, the match state and its sections. */
export function StatementPage(props: {
  title: string;
  /** The period control (a range, or an "as at" date with its period start). */
  period: ReactNode;
  /** The CSV's rows, once the statement is there. */
  csv?: { name: string; rows: () => CsvRow[] };
  children: ReactNode;
}) {
  return (
    <section aria-label={props.title} className="books-statement">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {props.title}
          </Typography.Title>
          <Space wrap className="books-no-print">
            {props.period}
            <Button onClick={() => window.print()}>Print</Button>
            <Button disabled={!props.csv} onClick={() => props.csv && downloadCsv(props.csv.name, props.csv.rows())}>
              Export CSV
            </Button>
          </Space>
        </Space>
        {props.children}
      </Space>
    </section>
  );
}

/** The from and to days of a statement. */
export function RangePicker({ range }: { range: ReturnType<typeof useStatementRange> }) {
  return (
    <DatePicker.RangePicker
      aria-label="Period"
      allowClear={false}
      value={[dayjs(range.startDate), dayjs(range.endDate)]}
      onChange={(r) => range.setRange(r?.[0]?.format(day), r?.[1]?.format(day))}
      style={{ maxWidth: 260 }}
    />
  );
}

/** Whether the two sides agree, said plainly. */
export const MatchTag = ({ match, yes, no }: { match: string; yes: string; no: string }) =>
  match === 'true' ? (
    <Tag color="green" aria-label="Match state">
      {yes}
    </Tag>
  ) : (
    <Tag color="red" aria-label="Match state">
      {no}
    </Tag>
  );

export interface StatementLine {
  id: number;
  account: string;
  subAccount: string;
  balance: number;
}

/** One section of a statement: its accounts, each opening its postings, and the section's total. */
export function StatementSection(props: {
  title: string;
  rows: StatementLine[];
  total: number;
  totalLabel: string;
  startDate?: string;
  endDate: string;
  /** Lines under the rows before the total (retained earnings, profit). */
  extra?: [string, number][];
}) {
  const extra = props.extra ?? [];
  return (
    <section aria-label={props.title}>
      <Typography.Title level={4}>{props.title}</Typography.Title>
      <Table<StatementLine>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={props.rows}
        locale={{ emptyText: 'No postings' }}
        columns={[
          {
            key: 'subAccount',
            title: 'Account',
            render: (_, r) => <AccountLink id={r.id} name={r.subAccount} startDate={props.startDate} endDate={props.endDate} />,
          },
          { key: 'account', title: 'Main account', dataIndex: 'account' },
          { key: 'balance', title: 'Amount', align: 'right', render: (_, r) => money(r.balance) },
        ]}
        summary={() => (
          <>
            {extra.map(([label, amount]) => (
              <Table.Summary.Row key={label}>
                <Table.Summary.Cell index={0} colSpan={2}>
                  {label}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {money(amount)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ))}
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                <strong>{props.totalLabel}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <strong>{money(props.total)}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          </>
        )}
      />
    </section>
  );
}

/** A statement's rows as CSV lines under a section heading. */
export const csvSection = (title: string, rows: StatementLine[], totalLabel: string, total: number): CsvRow[] => [
  [title],
  ...rows.map((r) => [r.account, r.subAccount, r.balance] as CsvRow),
  ['', totalLabel, total],
];
