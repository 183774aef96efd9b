import { useQuery } from '@tanstack/react-query';
import { routes } from '@tillbook/contract';
import { Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { money } from '../../ui/document/LinesTable.tsx';
import { Totals } from '../../ui/document/Totals.tsx';
import { useLookup } from '../../ui/resource/lookup.tsx';
import { subAccountSource } from './book-types.ts';
import type { CsvRow } from './csv.ts';
import { AccountLink, RangePicker, StatementPage, useStatementRange } from './statement-ui.tsx';

interface Line {
  key: string;
  label: string;
  amount: number;
  strong?: boolean;
}

/**
 * The VAT report over a period, from the Tax account's postings: VAT charged on sales, VAT paid on
 * purchases, each net of returns, by rate, and the net payable. Every figure opens the Tax account's
 * postings for the same period.
 */
export default function VatReportPage() {
  const range = useStatementRange();
  const { startDate, endDate } = range;
  const vat = useQuery({
    queryKey: ['statement', 'vat', startDate, endDate],
    queryFn: () => must(api(routes.vatReport.statement, { query: { startDate, endDate } })),
  }).data;
  const tax = useLookup(subAccountSource).rows.find((row) => row.systemKey === 'tax');
  const link = (label: string): ReactNode =>
    tax ? <AccountLink id={tax.id} name={label} startDate={vat?.startDate ?? startDate} endDate={vat?.endDate ?? endDate} /> : label;
  const lines: Line[] = vat
    ? [
        { key: 'os', label: 'Output VAT on sales', amount: vat.output.sales },
        { key: 'or', label: 'Output VAT given back on sale returns', amount: vat.output.returns },
        { key: 'on', label: 'VAT received (output, net)', amount: vat.totalVatReceived, strong: true },
        { key: 'ip', label: 'Input VAT on purchases', amount: vat.input.purchases },
        { key: 'ir', label: 'Input VAT taken back on purchase returns', amount: vat.input.returns },
        { key: 'in', label: 'VAT given (input, net)', amount: vat.totalVatGiven, strong: true },
        { key: 'ot', label: 'Other entries to Tax', amount: vat.other },
        { key: 'net', label: vat.totalVat < 0 ? 'Net VAT to reclaim' : 'Net VAT payable', amount: vat.totalVat, strong: true },
      ]
    : [];
  const csv = (): CsvRow[] =>
    vat
      ? [
          ['VAT report', vat.startDate, vat.endDate],
          ...lines.map((l) => [l.label, l.amount] as CsvRow),
          [],
          ['Rate %', 'Output VAT', 'Input VAT', 'Net'],
          ...vat.rates.map((r) => [r.rate, r.outputVat, r.inputVat, r.net] as CsvRow),
        ]
      : [];
  return (
    <StatementPage title="VAT report" period={<RangePicker range={range} />} csv={vat && { name: 'vat-report', rows: csv }}>
      {vat && (
        <>
          <Typography.Text>
            {vat.startDate} to {vat.endDate}
          </Typography.Text>
          <Totals
            label="VAT totals"
            items={[
              ['VAT received', money(vat.totalVatReceived)],
              ['VAT given', money(vat.totalVatGiven)],
              ['Net VAT', money(vat.totalVat)],
            ]}
          />
        </>
      )}
      <Table<Line>
        rowKey="key"
        size="small"
        loading={!vat}
        pagination={false}
        dataSource={lines}
        columns={[
          { key: 'label', title: 'Figure', render: (_, l) => (l.strong ? <strong>{link(l.label)}</strong> : link(l.label)) },
          {
            key: 'amount',
            title: 'Amount',
            align: 'right',
            render: (_, l) => (l.strong ? <strong>{money(l.amount)}</strong> : money(l.amount)),
          },
        ]}
      />
      <section aria-label="By rate">
        <Typography.Title level={4}>By rate</Typography.Title>
        <Table
          rowKey="rate"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={vat?.rates ?? []}
          locale={{ emptyText: 'No VAT in this period' }}
          columns={[
            { key: 'rate', title: 'Rate', render: (_, r) => link(`${r.rate} %`) },
            { key: 'out', title: 'Output VAT', align: 'right', render: (_, r) => money(r.outputVat) },
            { key: 'in', title: 'Input VAT', align: 'right', render: (_, r) => money(r.inputVat) },
            { key: 'net', title: 'Net', align: 'right', render: (_, r) => money(r.net) },
          ]}
        />
      </section>
    </StatementPage>
  );
}
