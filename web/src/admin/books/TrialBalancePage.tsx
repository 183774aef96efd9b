import { Table, Typography } from 'antd';
import { money } from '../../ui/document/LinesTable.tsx';
import { Totals } from '../../ui/document/Totals.tsx';
import type { CsvRow } from './csv.ts';
import { AccountLink, MatchTag, RangePicker, StatementPage, useStatementRange } from './statement-ui.tsx';
import { type TrialBalance, useStatement } from './use-statement.ts';

type Row = TrialBalance['debits'][number];

/** Trial balance: every sub-account's debits and credits over the period, debit balances beside credit balances. */
export default function TrialBalancePage() {
  const range = useStatementRange();
  const { startDate, endDate } = range;
  const tb = useStatement('tb', startDate, endDate).data;
  const rows = tb ? [...tb.debits, ...tb.credits] : [];
  const csv = (): CsvRow[] =>
    tb
      ? [
          ['Trial balance', tb.startDate ?? '', tb.endDate],
          ['Main account', 'Account', 'Type', 'Debit', 'Credit', 'Debit balance', 'Credit balance'],
          ...rows.map(
            (r) =>
              [
                r.account,
                r.subAccount,
                r.type,
                r.totalDebit,
                r.totalCredit,
                r.balance > 0 ? r.balance : '',
                r.balance < 0 ? -r.balance : '',
              ] as CsvRow,
          ),
          ['', 'Total', '', '', '', tb.totalDebit, tb.totalCredit],
          ['', tb.match === 'true' ? 'Balanced' : 'Not balanced'],
        ]
      : [];
  return (
    <StatementPage title="Trial balance" period={<RangePicker range={range} />} csv={tb && { name: 'trial-balance', rows: csv }}>
      {tb && (
        <>
          <Typography.Text>
            {tb.startDate ?? 'Start of the books'} to {tb.endDate}{' '}
            <MatchTag match={tb.match} yes="Debits and credits match" no="Debits and credits do not match" />
          </Typography.Text>
          <Totals
            label="Trial balance totals"
            items={[
              ['Total debit', money(tb.totalDebit)],
              ['Total credit', money(tb.totalCredit)],
            ]}
          />
        </>
      )}
      <Table<Row>
        rowKey="id"
        size="small"
        loading={!tb}
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        locale={{ emptyText: 'No postings in this period' }}
        columns={[
          { key: 'account', title: 'Main account', dataIndex: 'account' },
          {
            key: 'subAccount',
            title: 'Account',
            render: (_, r) => <AccountLink id={r.id} name={r.subAccount} startDate={startDate} endDate={endDate} />,
          },
          { key: 'debit', title: 'Debit', align: 'right', render: (_, r) => money(r.totalDebit) },
          { key: 'credit', title: 'Credit', align: 'right', render: (_, r) => money(r.totalCredit) },
          { key: 'dr', title: 'Debit balance', align: 'right', render: (_, r) => (r.balance > 0 ? money(r.balance) : '') },
          { key: 'cr', title: 'Credit balance', align: 'right', render: (_, r) => (r.balance < 0 ? money(-r.balance) : '') },
        ]}
        summary={() =>
          tb && (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={4}>
                <strong>Total</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                <strong>{money(tb.totalDebit)}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                <strong>{money(tb.totalCredit)}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          )
        }
      />
    </StatementPage>
  );
}
