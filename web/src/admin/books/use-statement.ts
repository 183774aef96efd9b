import { useQuery } from '@tanstack/react-query';
import { type balanceSheetOut, type incomeStatementOut, routes, type trialBalanceOut } from '@tillbook/contract';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';

export type TrialBalance = z.output<typeof trialBalanceOut>;
export type BalanceSheet = z.output<typeof balanceSheetOut>;
export type IncomeStatement = z.output<typeof incomeStatementOut>;
type Statements = { tb: TrialBalance; bs: BalanceSheet; is: IncomeStatement };

/** One statement of `GET account?query=tb|bs|is` over a range. */
export function useStatement<K extends keyof Statements>(kind: K, startDate: string | undefined, endDate: string) {
  return useQuery({
    queryKey: ['statement', kind, startDate, endDate],
    queryFn: async () => (await must(api(routes.account.list, { query: { query: kind, startDate, endDate } }))) as unknown as Statements[K],
  });
}
