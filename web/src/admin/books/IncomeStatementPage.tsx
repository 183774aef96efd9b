import { Typography } from 'antd';
import { money } from '../../ui/document/LinesTable.tsx';
import { Totals } from '../../ui/document/Totals.tsx';
import type { CsvRow } from './csv.ts';
import { csvSection, RangePicker, StatementPage, StatementSection, useStatementRange } from './statement-ui.tsx';
import { useStatement } from './use-statement.ts';

/** Income statement over a period: revenue less expenses, the profit (or loss). */
export default function IncomeStatementPage() {
  const range = useStatementRange();
  const { startDate, endDate } = range;
  const is = useStatement('is', startDate, endDate).data;
  const result = (profit: number) => (profit < 0 ? 'Loss' : 'Profit');
  const csv = (): CsvRow[] =>
    is
      ? [
          ['Income statement', is.startDate ?? '', is.endDate],
          ...csvSection('Revenue', is.revenue, 'Total revenue', is.totalRevenue),
          ...csvSection('Expenses', is.expense, 'Total expenses', is.totalExpense),
          ['', result(is.profit), is.profit],
        ]
      : [];
  return (
    <StatementPage title="Income statement" period={<RangePicker range={range} />} csv={is && { name: 'income-statement', rows: csv }}>
      {is && (
        <>
          <Typography.Text>
            {is.startDate ?? 'Start of the books'} to {is.endDate}
          </Typography.Text>
          <Totals
            label="Income statement totals"
            items={[
              ['Total revenue', money(is.totalRevenue)],
              ['Total expenses', money(is.totalExpense)],
              [result(is.profit), money(is.profit)],
            ]}
          />
          <StatementSection
            title="Revenue"
            rows={is.revenue}
            total={is.totalRevenue}
            totalLabel="Total revenue"
            startDate={startDate}
            endDate={endDate}
          />
          <StatementSection
            title="Expenses"
            rows={is.expense}
            total={is.totalExpense}
            totalLabel="Total expenses"
            startDate={startDate}
            endDate={endDate}
          />
        </>
      )}
    </StatementPage>
  );
}
