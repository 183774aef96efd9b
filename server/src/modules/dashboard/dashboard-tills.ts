import { fromCents, type TillEvent, tillEvents } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';
import { countOversold } from '../catalogue/index.ts';

/** How many days back from the range's end the tills' variances are summed. */
export const varianceDays = 30;

/**
 * The till's day on the dashboard (issue 31): the sessions open now, and the counted variances of the sessions
 * closed in the 30 days up to `end`, per till and per cashier (who opened the session), shortest first; the till's
 * events of those days, by kind (issue 34).
 */
export async function tillFigures(db: DbOrTx, end: string) {
  const [open, byTill, byCashier, oversoldLines, events] = await Promise.all([
    rawRows<{ id: number; till_id: number; name: string; username: string; opened_at: Date; opening_float: string }>(
      db,
      sql`select s.id, s.till_id, t.name, u.username, s.opened_at, s.opening_float from till_session s
        join till t on t.id = s.till_id join users u on u.id = s.opened_by where s.state = 'OPEN' order by t.name limit 100`,
    ),
    rawRows<{ id: number; name: string; n: number; cents: number }>(
      db,
      sql`select t.id, t.name, count(*)::int as n, round(sum(s.variance) * 100)::int as cents from till_session s join till t on t.id = s.till_id
        where s.state = 'CLOSED' and s.closed_at::date between ${end}::date - ${varianceDays - 1}::int and ${end}::date
        group by t.id, t.name order by 4, t.name limit 100`,
    ),
    rawRows<{ id: number; name: string; n: number; cents: number }>(
      db,
      sql`select u.id, u.username as name, count(*)::int as n, round(sum(s.variance) * 100)::int as cents from till_session s
        join users u on u.id = s.opened_by
        where s.state = 'CLOSED' and s.closed_at::date between ${end}::date - ${varianceDays - 1}::int and ${end}::date
        group by u.id, u.username order by 4, u.username limit 100`,
    ),
    countOversold(db),
    // the log's rows of the window are found by its time (a block range index), then by action
    rawRows<{ action: TillEvent; n: number }>(
      db,
      sql`select action, count(*)::int as n from audit_log
        where at >= ${end}::date - ${varianceDays - 1}::int and at < ${end}::date + 1
          and action in (${sql.join(
            tillEvents.map((e) => sql`${e}`),
            sql`, `,
          )})
        group by action`,
    ),
  ]);
  const counted = Object.fromEntries(tillEvents.map((e) => [e, Number(events.find((r) => r.action === e)?.n ?? 0)])) as Record<
    TillEvent,
    number
  >;
  const variance = (r: { id: number; name: string; n: number; cents: number }) => ({
    id: Number(r.id),
    name: r.name,
    sessions: Number(r.n),
    variance: fromCents(Number(r.cents)),
  });
  return {
    openSessions: open.map((s) => ({
      sessionId: Number(s.id),
      tillId: Number(s.till_id),
      tillName: s.name,
      openedBy: s.username,
      openedAt: new Date(s.opened_at).toISOString(),
      openingFloat: Number(s.opening_float),
    })),
    varianceDays,
    variancesByTill: byTill.map(variance),
    variancesByCashier: byCashier.map(variance),
    oversoldLines,
    events: counted,
  };
}
