import { fieldMessage, inSentence, labelOf } from '@tillbook/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { badRequest, fieldError } from '../../platform/errors.ts';
import { found } from '../../platform/route.ts';
import { designationHistory, salaryHistory, users } from '../../schema/index.ts';

/**
 * A person's designation and salary over time. Rows of one person (status true) never overlap and never
 * end before they start (the database's `*_dates` and `*_no_overlap` constraints are the backstop). A new
 * open row closes the open one on the day before it starts; editing a row's start or end moves the
 * neighbour that met it, so the dates keep meeting; deleting the open row reopens the one it closed.
 * Every write locks the person's user row first, so two changes at once take turns.
 */
export type HistoryKind = 'designation' | 'salary';

// both tables share the period columns; the typed handle is the designation table's
type Table = typeof designationHistory;
const tableOf = (kind: HistoryKind) => (kind === 'designation' ? designationHistory : (salaryHistory as unknown as Table));
const what = { designation: 'designation', salary: 'salary' } as const;
const recordName = { designation: 'Designation history', salary: 'Salary history' } as const;

export interface Period {
  id: number;
  userId: number;
  startDate: string;
  endDate: string | null;
}
type Row = Period & Record<string, unknown>;

/** The names the caller's fields have: the history call's startDate/endDate, the user update's designationStartDate… */
export interface FieldNames {
  start: string;
  end: string;
}
const historyFields: FieldNames = { start: 'startDate', end: 'endDate' };

/** 'YYYY-MM-DD' plus n days. */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

const shown = (p: Period) => `${p.startDate} – ${p.endDate ?? 'now'}`;
const covers = (p: Period, day: string) => p.startDate <= day && (p.endDate === null || day <= p.endDate);
const overlaps = (a: Period, b: Period) =>
  (a.endDate === null || b.startDate <= a.endDate) && (b.endDate === null || a.startDate <= b.endDate);

/** Locks the person's user row (the one lock every history write of theirs takes first). */
export async function lockPerson(tx: DbOrTx, userId: number, field = 'userId') {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if (!row) throw fieldError(field, 'does not exist');
}

/** The person's rows that count (status true), oldest first. */
async function periodsOf(tx: DbOrTx, kind: HistoryKind, userId: number): Promise<Row[]> {
  const t = tableOf(kind);
  return (await tx
    .select()
    .from(t)
    .where(and(eq(t.userId, userId), eq(t.status, true)))
    .orderBy(asc(t.startDate), asc(t.id))) as unknown as Row[];
}

async function setPeriod(tx: DbOrTx, kind: HistoryKind, id: number, changes: Partial<Period> & Record<string, unknown>) {
  const t = tableOf(kind);
  const [row] = await tx
    .update(t)
    .set(changes as never)
    .where(eq(t.id, id))
    .returning();
  return row as unknown as Row;
}

function assertOrder(start: string, end: string | null | undefined, names: FieldNames) {
  if (end && end < start) throw fieldError(names.end, `must not be before the ${inSentence(labelOf(names.start))}`);
}

/** 400 naming the start or the end when `p` overlaps one of `others`. */
function assertNoOverlap(kind: HistoryKind, p: Period, others: Period[], names: FieldNames) {
  const clash = others.find((o) => o.id !== p.id && overlaps(o, p));
  if (!clash) return;
  const field = covers(clash, p.startDate) ? names.start : names.end;
  throw fieldError(field, `overlaps the ${what[kind]} of ${shown(clash)}; a person holds one ${what[kind]} at a time`);
}

/** The user row's designation follows the open designation row. */
async function followOpenRow(tx: DbOrTx, kind: HistoryKind, userId: number) {
  if (kind !== 'designation') return;
  const open = (await periodsOf(tx, kind, userId)).find((p) => p.endDate === null);
  if (open)
    await tx
      .update(users)
      .set({ designationId: open.designationId as number })
      .where(eq(users.id, userId));
}

export interface NewPeriod {
  userId: number;
  startDate: string;
  endDate?: string | null;
  comment?: string | null;
  /** designationId or salary */
  value: Record<string, unknown>;
}

/**
 * Adds a row. An open row (no end) starting after the open one closes it on the day before; starting on
 * the same day as it, the user update corrects it in place (`sameDay: 'replace'`), the history call refuses
 * (edit that row instead). Any other overlap, and a start before the open row's, is refused naming the field.
 * The caller has locked the person.
 */
export async function addPeriod(
  tx: DbOrTx,
  kind: HistoryKind,
  input: NewPeriod,
  options: { names?: FieldNames; sameDay?: 'replace' | 'refuse' } = {},
): Promise<Row> {
  const names = options.names ?? historyFields;
  const end = input.endDate ?? null;
  assertOrder(input.startDate, end, names);
  const rows = await periodsOf(tx, kind, input.userId);
  const open = rows.find((p) => p.endDate === null);
  if (end === null && open) {
    if (input.startDate === open.startDate && options.sameDay === 'replace') {
      const row = await setPeriod(tx, kind, open.id, { ...input.value, comment: input.comment ?? open.comment });
      await followOpenRow(tx, kind, input.userId);
      return row;
    }
    if (input.startDate <= open.startDate)
      throw fieldError(
        names.start,
        `must be after ${open.startDate}, when the current ${what[kind]} began (change or delete that row instead)`,
      );
    open.endDate = addDays(input.startDate, -1);
    await setPeriod(tx, kind, open.id, { endDate: open.endDate });
  }
  assertNoOverlap(kind, { id: 0, userId: input.userId, startDate: input.startDate, endDate: end }, rows, names);
  const [row] = await tx
    .insert(tableOf(kind))
    .values({ userId: input.userId, startDate: input.startDate, endDate: end, comment: input.comment ?? null, ...input.value } as never)
    .returning();
  await followOpenRow(tx, kind, input.userId);
  return row as unknown as Row;
}

/** Loads a row by id and locks its person (then the row is read again under the lock). */
async function lockedRow(tx: DbOrTx, kind: HistoryKind, id: number): Promise<Row> {
  const t = tableOf(kind);
  const [first] = await tx.select({ userId: t.userId }).from(t).where(eq(t.id, id));
  const { userId } = found(first, recordName[kind]);
  await lockPerson(tx, userId);
  const [row] = await tx.select().from(t).where(eq(t.id, id));
  return found(row as unknown as Row | undefined, recordName[kind]);
}

/**
 * Changes a row. A new start moves the end of the row that met the old start; a new end moves the start
 * of the row that began the day after the old end: the dates keep meeting. A neighbour that would then end
 * before it starts, or any other overlap, is refused naming the field.
 */
export async function changePeriod(tx: DbOrTx, kind: HistoryKind, id: number, changes: Record<string, unknown>): Promise<Row> {
  const row = await lockedRow(tx, kind, id);
  if (changes.userId !== undefined && changes.userId !== row.userId)
    throw fieldError('userId', 'cannot change: delete the row and add it for the other person');
  const next: Period = {
    id,
    userId: row.userId,
    startDate: (changes.startDate as string | undefined) ?? row.startDate,
    endDate: changes.endDate === undefined ? row.endDate : ((changes.endDate as string | null) ?? null),
  };
  assertOrder(next.startDate, next.endDate, historyFields);
  const counting = row.status !== false;
  const rows = counting ? await periodsOf(tx, kind, row.userId) : [];
  const moves: { id: number; set: Partial<Period>; grows: boolean }[] = [];
  if (counting && next.startDate !== row.startDate) {
    const before = rows.find((p) => p.endDate !== null && p.endDate === addDays(row.startDate, -1));
    if (before) {
      const endDate = addDays(next.startDate, -1);
      if (endDate < before.startDate)
        throw fieldError('startDate', `must be after ${before.startDate}, when the ${what[kind]} before it began`);
      moves.push({ id: before.id, set: { endDate }, grows: endDate > before.endDate! });
      before.endDate = endDate;
    }
  }
  if (counting && row.endDate !== null && next.endDate !== row.endDate) {
    const after = rows.find((p) => p.startDate === addDays(row.endDate!, 1));
    if (after) {
      if (next.endDate === null) throw fieldError('endDate', `is needed: the next ${what[kind]} starts on ${after.startDate}`);
      const startDate = addDays(next.endDate, 1);
      if (after.endDate !== null && after.endDate < startDate)
        throw fieldError('endDate', `must be before ${after.endDate}, when the ${what[kind]} after it ends`);
      moves.push({ id: after.id, set: { startDate }, grows: startDate < after.startDate });
      after.startDate = startDate;
    }
  }
  if (counting) assertNoOverlap(kind, next, rows, historyFields);
  // shrink the neighbours first, grow them last, so no statement sees two rows overlapping
  for (const m of moves.filter((m) => !m.grows)) await setPeriod(tx, kind, m.id, m.set);
  const written = await setPeriod(tx, kind, id, { ...changes, startDate: next.startDate, endDate: next.endDate });
  for (const m of moves.filter((m) => m.grows)) await setPeriod(tx, kind, m.id, m.set);
  await followOpenRow(tx, kind, row.userId);
  return written;
}

/** Deletes a row for good (hard DELETE). Deleting the open row reopens the row it had closed (they met). */
export async function deletePeriod(tx: DbOrTx, kind: HistoryKind, id: number): Promise<Row> {
  const row = await lockedRow(tx, kind, id);
  const t = tableOf(kind);
  await tx.delete(t).where(eq(t.id, id));
  if (row.endDate === null && row.status !== false) {
    const rows = await periodsOf(tx, kind, row.userId);
    const before = rows.find((p) => p.endDate === addDays(row.startDate, -1));
    if (before && !rows.some((p) => p.endDate === null)) await setPeriod(tx, kind, before.id, { endDate: null });
    await followOpenRow(tx, kind, row.userId);
  }
  return row;
}

/** The open row of a person (no end), if any. */
export async function openPeriod(tx: DbOrTx, kind: HistoryKind, userId: number): Promise<Row | undefined> {
  return (await periodsOf(tx, kind, userId)).find((p) => p.endDate === null);
}

/**
 * Ends the open row on the day before `day` (a user update clearing the designation or salary). 400 naming
 * `field` when the open row starts on or after that day.
 */
export async function closeOpenPeriod(tx: DbOrTx, kind: HistoryKind, userId: number, day: string, field: string) {
  const open = await openPeriod(tx, kind, userId);
  if (!open) return;
  const endDate = addDays(day, -1);
  if (endDate < open.startDate)
    throw badRequest(fieldMessage(field, `must be after ${open.startDate}`), { [field]: `must be after ${open.startDate}` });
  await setPeriod(tx, kind, open.id, { endDate });
}
