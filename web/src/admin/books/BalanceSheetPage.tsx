import { DatePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import { money } from '../../ui/document/LinesTable.tsx';
import { Totals } from '../../ui/document/Totals.tsx';
import type { CsvRow } from './csv.ts';
import { csvSection, day, MatchTag, StatementPage, StatementSection, useStatementRange } from './statement-ui.tsx';
import { useStatement } from './use-statement.ts';

/**
 * Balance sheet as at a day: assets against liabilities and equity, equity counting the earnings kept
 * before the period and the period's profit.
 */
export default function BalanceSheetPage() {
  const range = useStatementRange();
  const { startDate, endDate } = range;
  const bs = useStatement('bs', startDate, endDate).data;
  const csv = (): CsvRow[] =>
    bs
      ? [
          ['Balance sheet as at', bs.endDate, 'period from', bs.startDate ?? ''],
          ...csvSection('Assets', bs.assets, 'Total assets', bs.totalAsset),
          ...csvSection('Liabilities', bs.liabilities, 'Total liabilities', bs.totalLiability),
          ...csvSection('Equity', bs.equity, 'Total equity', bs.totalEquity).toSpliced(
            -1,
            0,
            ['', 'Retained earnings', bs.retainedEarnings],
            ['', 'Profit for the period', bs.profit],
          ),
          ['', bs.match === 'true' ? 'Balanced' : 'Not balanced'],
        ]
      : [];
  const period = (
    <>
      <DatePicker
        aria-label="Period start"
        placeholder="Period start"
        allowClear={false}
        value={dayjs(startDate)}
        onChange={(d) => range.setRange(d?.format(day), endDate)}
      />
      <DatePicker
        aria-label="As at"
        placeholder="As at"
        allowClear={false}
        value={dayjs(endDate)}
        onChange={(d) => range.setRange(startDate, d?.format(day))}
      />
    </>
  );
  return (
    <StatementPage title="Balance sheet" period={period} csv={bs && { name: 'balance-sheet', rows: csv }}>
      {bs && (
        <>
          <Typography.Text>
            As at {bs.endDate}, profit from {bs.startDate ?? 'the start of the books'}{' '}
            <MatchTag match={bs.match} yes="Assets equal liabilities and equity" no="Assets do not equal liabilities and equity" />
          </Typography.Text>
          <Totals
            label="Balance sheet totals"
            items={[
              ['Total assets', money(bs.totalAsset)],
              ['Total liabilities', money(bs.totalLiability)],
              ['Total equity', money(bs.totalEquity)],
            ]}
          />
          <StatementSection
            title="Assets"
            rows={bs.assets}
            total={bs.totalAsset}
            totalLabel="Total assets"
            startDate={startDate}
            endDate={endDate}
          />
          <StatementSection
            title="Liabilities"
            rows={bs.liabilities}
            total={bs.totalLiability}
            totalLabel="Total liabilities"
            startDate={startDate}
            endDate={endDate}
          />
          <StatementSection
            title="Equity"
            rows={bs.equity}
            total={bs.totalEquity}
            totalLabel="Total equity"
            extra={[
              ['Retained earnings', bs.retainedEarnings],
              ['Profit for the period', bs.profit],
            ]}
            startDate={startDate}
            endDate={endDate}
          />
        </>
      )}
    </StatementPage>
  );
}
