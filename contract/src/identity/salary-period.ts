import { z } from 'zod';

/** What a salary is paid per. A salary kept before the period was asked is a monthly one (the column's default). */
export const salaryPeriods = ['hour', 'day', 'week', 'month', 'year'] as const;
export type SalaryPeriod = (typeof salaryPeriods)[number];
export const defaultSalaryPeriod: SalaryPeriod = 'month';

/** How a salary's period reads after the amount: "$2,000.00 per month". */
export const salaryPeriodLabels: Record<SalaryPeriod, string> = {
  hour: 'per hour',
  day: 'per day',
  week: 'per week',
  month: 'per month',
  year: 'per year',
};

export const salaryPeriod = z.enum(salaryPeriods, { error: `must be one of ${salaryPeriods.join(', ')}` });
