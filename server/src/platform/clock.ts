import { asc, type SQL, sql } from 'drizzle-orm';
import { appSetting } from '../schema/index.ts';
import type { DbOrTx } from './db.ts';
import type { SqlWatch } from './sql-watch.ts';
import { WatchedCache } from './watched-cache.ts';

/**
 * The one source of "now" for business rules. The app reads it from `Config.clock` at each
 * request, so a test can set the instant (say, just before midnight) without waiting for it.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = Object.freeze({ now: () => new Date() });

/** A clock stopped at one instant. */
export const fixedClock = (instant: Date | string): Clock => {
  const at = new Date(instant);
  return { now: () => new Date(at) };
};

// asking Intl for the zone makes a formatter (about 0.2 ms): asked again only when TZ is set anew
const serverZone = { tz: undefined as string | undefined, zone: '' };

/** The server's own time zone: the shop's until the owner sets one. */
export const serverTimeZone = (): string => {
  const tz = process.env.TZ;
  if (!serverZone.zone || serverZone.tz !== tz) Object.assign(serverZone, { tz, zone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  return serverZone.zone;
};

// making a formatter costs far more than using one: one per time zone; and as every zone's midnight
// falls on a whole minute (every offset in use today is whole minutes), the day found for an instant holds for the rest of its minute
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const lastDay = { zone: '', minute: Number.NaN, day: '' };

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  const minute = Math.floor(instant.getTime() / 60_000);
  if (lastDay.zone === timeZone && lastDay.minute === minute) return lastDay.day;
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  Object.assign(lastDay, { zone: timeZone, minute, day });
  return day;
}

/** The shop's time zone: the setting, else the server's. */
export async function shopTimeZone(db: DbOrTx): Promise<string> {
  const [row] = await db.select({ timeZone: appSetting.timeZone }).from(appSetting).orderBy(asc(appSetting.id)).limit(1);
  return row?.timeZone ?? serverTimeZone();
}

/**
 * Today in the shop for hot reads: the time zone is kept in memory until the settings are written, so
 * asking costs no query. Asked twice for one request, it answers the same day.
 */
export class ShopDay {
  readonly #zone: WatchedCache<'zone', string>;
  readonly #asked = new WeakMap<object, Promise<string>>();

  constructor(private readonly ctx: { db: DbOrTx; watch: SqlWatch; config: { clock: Clock } }) {
    this.#zone = new WatchedCache(ctx.watch, ['app_setting'], { entries: 1 });
  }

  today(request: object): Promise<string> {
    let day = this.#asked.get(request);
    if (!day) {
      day = this.#zone.get('zone', () => shopTimeZone(this.ctx.db)).then((zone) => dayIn(this.ctx.config.clock.now(), zone));
      this.#asked.set(request, day);
    }
    return day;
  }

  /**
   * Today, at once, when the shop's time zone is kept and has not been written since (the same day
   * `today` answers), else undefined: a cached read's hot path asks this first.
   */
  todayNow(): string | undefined {
    const zone = this.#zone.keptNow('zone');
    return zone && dayIn(this.ctx.config.clock.now(), zone.answer);
  }
}

/** Today in the shop: the date a document made now is given, whatever the server's time zone. */
export async function businessDate(db: DbOrTx, clock: Clock): Promise<string> {
  return dayIn(clock.now(), await shopTimeZone(db));
}

/** The shop's time zone as an SQL expression, for turning business days into instants in a query. */
export const shopTimeZoneSql = (): SQL =>
  sql`coalesce((select ${appSetting.timeZone} from ${appSetting} order by ${appSetting.id} limit 1), ${serverTimeZone()})`;

/** The first instant of a business day (YYYY-MM-DD) in the shop, as SQL. */
export const startOfBusinessDaySql = (day: string, plusDays = 0): SQL =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${shopTimeZoneSql()})`;

/** Today's business date as SQL, from the clock (not the database's `current_date`). */
export const businessDateSql = (clock: Clock): SQL =>
  sql`(${clock.now().toISOString()}::timestamptz at time zone ${shopTimeZoneSql()})::date`;
