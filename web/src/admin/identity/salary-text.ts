import { defaultSalaryPeriod, type SalaryPeriod, salaryPeriodLabels, salaryPeriods } from '@tillbook/contract';
import { money } from '../../lib/format.ts';

/** A salary with its period: "$2,000.00 per month" (a row kept before the period was asked reads per month). */
export const salaryText = (row: Record<string, unknown>) =>
  `${money(row.salary)} ${salaryPeriodLabels[(row.period as SalaryPeriod | undefined) ?? defaultSalaryPeriod] ?? ''}`.trim();

/** The period's field on the salary forms: per month unless chosen. */
export const salaryPeriodField = (name: 'period' | 'salaryPeriod' = 'period') => ({
  name,
  // the contract's labels (the server's messages name the field so)
  label: name === 'period' ? 'Period' : 'Salary period',
  type: 'enum' as const,
  options: salaryPeriods.map((value) => ({ value, label: salaryPeriodLabels[value] })),
  initial: defaultSalaryPeriod,
  required: true,
});
