import { type AppointmentState, appointmentHoldsSlot, appointmentStateNames, customerName } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';

/**
 * A staff member's book is written by one transaction at a time: a transaction-scoped advisory lock per
 * staff member, taken before the overlap check, so two bookings racing for one slot take turns and the
 * second sees the first. Several are locked in id order (moving an appointment to another member).
 */
export async function lockBooks(tx: DbOrTx, userIds: number[]): Promise<void> {
  for (const id of [...new Set(userIds)].sort((a, b) => a - b))
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'appointment-book'}), ${id})`);
}

/** 400 naming the field unless the user is an active staff member. */
export async function assertActiveStaff(tx: DbOrTx, userId: number, field: string, labels: Record<string, string>): Promise<string> {
  const [user] = await rawRows<{ status: boolean; name: string }>(
    tx,
    sql`select status, trim(first_name || ' ' || last_name) as name from users where id = ${userId}`,
  );
  if (!user) throw fieldError(field, 'does not exist', labels);
  if (!user.status) throw fieldError(field, 'must be an active staff member', labels);
  return user.name;
}

export interface Slot {
  userId: number;
  date: string;
  time: string;
  durationMinutes: number;
}

interface Clash {
  id: number;
  date: string;
  time: string;
  end_time: string;
  status: number;
  lead_name: string | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  staff: string;
}

/** The first appointment of the staff member that holds its slot and overlaps this one (back to back is fine). */
async function clashWith(tx: DbOrTx, slot: Slot, exceptId?: number): Promise<Clash | undefined> {
  const start = sql`(${slot.date}::date + ${slot.time}::time)`;
  const [clash] = await rawRows<Clash>(
    tx,
    sql`select a.id, a.date::text as date, to_char(a.time, 'HH24:MI') as time,
          to_char(a.time + a.duration_minutes * interval '1 minute', 'HH24:MI') as end_time, a.status,
          l.name as lead_name, c.username, c.first_name, c.last_name, trim(u.first_name || ' ' || u.last_name) as staff
        from appointment a
        left join lead l on l.id = a.lead_id
        left join customer c on c.id = a.customer_id
        join users u on u.id = a.user_id
        where a.user_id = ${slot.userId} and a.status in (${sql.raw(appointmentHoldsSlot.join(', '))})
          and a.id <> ${exceptId ?? 0}
          and tsrange(a.date + a.time, a.date + a.time + a.duration_minutes * interval '1 minute')
            && tsrange(${start}, ${start} + ${slot.durationMinutes} * interval '1 minute')
        order by a.date, a.time, a.id limit 1`,
  );
  return clash;
}

/** 409 naming the other appointment: its day, its time and who it is for. */
function overlapError(clash: Clash): AppError {
  const who = clash.lead_name ?? customerName({ username: clash.username, firstName: clash.first_name, lastName: clash.last_name });
  const state = appointmentStateNames[clash.status as AppointmentState].toLowerCase();
  const other = `appointment ${clash.id} on ${clash.date} from ${clash.time} to ${clash.end_time} with ${who} (${state})`;
  return new AppError('conflict', `${clash.staff} already has ${other}`, { time: `overlaps ${other}` });
}

/** 409 naming the other appointment when the slot overlaps one of the staff member's (the caller holds the book's lock). */
export async function assertSlotFree(tx: DbOrTx, slot: Slot, exceptId?: number): Promise<void> {
  const clash = await clashWith(tx, slot, exceptId);
  if (clash) throw overlapError(clash);
}

const isOverlapViolation = (error: unknown): boolean => {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (e.code === '23P01' && (e.constraint === 'appointment_no_overlap' || e.constraint === undefined)) return true;
    e = e.cause as typeof e;
  }
  return false;
};

/**
 * Runs a write of the book in a savepoint: should the database's exclusion constraint
 * `appointment_no_overlap` refuse it (a writer that did not take the book's lock), the answer is the
 * same 409 naming the other appointment.
 */
export async function writeSlot<T>(tx: DbOrTx, slot: Slot, exceptId: number | undefined, write: (sp: DbOrTx) => Promise<T>): Promise<T> {
  try {
    return await tx.transaction((sp) => write(sp));
  } catch (error) {
    if (!isOverlapViolation(error)) throw error;
    const clash = await clashWith(tx, slot, exceptId);
    throw clash
      ? overlapError(clash)
      : new AppError('conflict', 'This time overlaps another appointment of the staff member', { time: 'overlaps' });
  }
}
