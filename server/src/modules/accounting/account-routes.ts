import { accountEndpoints, vatReportEndpoints } from '@tillbook/contract';
import { ShopDay } from '../../platform/clock.ts';
import type { AppContext } from '../../platform/context.ts';
import { implement } from '../../platform/endpoint-route.ts';
import type { ListQuery } from '../../platform/list-query.ts';
import type { RouteDef } from '../../platform/route.ts';
import { WatchedCache } from '../../platform/watched-cache.ts';
import { accountDetail, listMainAccounts, listSubAccounts, type SubAccountFilters } from './account-read.ts';
import { createSubAccount, deleteSubAccount, setSubAccountStatus, updateSubAccount } from './account-write.ts';
import { balanceSheet, incomeStatement, type StatementCache, statementTables, trialBalance } from './statements.ts';
import { vatStatement } from './vat-report.ts';

/** The chart of accounts, the statements (one path, `query=` picks) and the VAT report. */
export function accountRoutes(ctx: AppContext): RouteDef[] {
  const { db } = ctx;
  const clock = () => ctx.config.clock;
  const day = new ShopDay(ctx);
  const statements: StatementCache = new WatchedCache(ctx.watch, statementTables, { entries: 100 });
  return [
    implement(ctx, accountEndpoints.list, ({ query, req }) => {
      const q = query as ListQuery<SubAccountFilters>;
      const today = () => day.today(req);
      if (q.mode === 'ma') return listMainAccounts(db);
      if (q.mode === 'tb') return trialBalance(db, q, today, statements);
      if (q.mode === 'bs') return balanceSheet(db, q, today, statements);
      if (q.mode === 'is') return incomeStatement(db, q, today, statements);
      return listSubAccounts(db, q);
    }),
    implement(ctx, accountEndpoints.get, ({ params, query }) => accountDetail(db, params.id, query, clock())),
    implement(ctx, accountEndpoints.create, ({ body, req }) => req.db.transaction((tx) => createSubAccount(tx, body))),
    implement(ctx, accountEndpoints.update, ({ params, body, req }) => req.db.transaction((tx) => updateSubAccount(tx, params.id, body))),
    implement(ctx, accountEndpoints.status, ({ params, body, req }) =>
      req.db.transaction((tx) => setSubAccountStatus(tx, params.id, body.status)),
    ),
    implement(ctx, accountEndpoints.delete, ({ params, req }) => req.db.transaction((tx) => deleteSubAccount(tx, params.id))),
    implement(ctx, vatReportEndpoints.statement, ({ query }) => vatStatement(db, query, clock())),
  ];
}
