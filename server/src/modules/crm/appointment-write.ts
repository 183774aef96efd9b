import {
  type AppointmentInput,
  type AppointmentState,
  type AppointmentUpdateInput,
  appointmentHoldsSlot,
  appointmentLabels,
  appointmentLifecycle,
  appointmentStateNames,
} from '@tillbook/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { appointment, customer, lead } from '../../schema/index.ts';
import { appointmentMail } from './appointment-mail.ts';
import { assertActiveStaff, assertSlotFree, lockBooks, type Slot, writeSlot } from './staff-book.ts';

const words = (s: AppointmentState) => appointmentStateNames[s].toLowerCase();
const holds = (s: AppointmentState) => appointmentHoldsSlot.includes(s);

/** 409 invalid_transition unless the lifecycle allows the move; both states named in words. */
function assertMove(id: number, from: AppointmentState, to: AppointmentState): void {
  if (appointmentLifecycle.canMove(String(from) as '0', String(to) as '0')) return;
  throw new AppError('invalid_transition', `Appointment ${id} is ${words(from)}; it cannot become ${words(to)}`, {
    status: `cannot go from ${words(from)} to ${words(to)}`,
  });
}

/**
 * POST api/leads/appointmentadd: books an appointment for a lead or a customer with an active staff
 * member. The staff member's book is locked first, then the slot is checked (409 naming the other
 * appointment), then written (the exclusion constraint behind it). The confirmation mail is queued in
 * the same transaction when the lead or customer has an e-mail.
 */
export async function bookAppointment(tx: DbOrTx, input: AppointmentInput, publicUrl: string): Promise<number> {
  if (input.leadId != null) {
    const [row] = await tx.select({ id: lead.id }).from(lead).where(eq(lead.id, input.leadId));
    if (!row) throw fieldError('leadId', 'does not exist', appointmentLabels);
  }
  if (input.customerId != null) {
    const [row] = await tx.select({ id: customer.id }).from(customer).where(eq(customer.id, input.customerId));
    if (!row) throw fieldError('customerId', 'does not exist', appointmentLabels);
  }
  await assertActiveStaff(tx, input.userId, 'userId', appointmentLabels);
  const slot: Slot = { userId: input.userId, date: input.date, time: input.time, durationMinutes: input.durationMinutes };
  await lockBooks(tx, [slot.userId]);
  await assertSlotFree(tx, slot);
  const id = await writeSlot(tx, slot, undefined, async (sp) => {
    const [row] = await sp
      .insert(appointment)
      .values({
        leadId: input.leadId ?? null,
        customerId: input.customerId ?? null,
        userId: input.userId,
        date: input.date,
        time: input.time,
        durationMinutes: input.durationMinutes,
        notes: input.notes,
        status: 0,
      })
      .returning({ id: appointment.id });
    return row!.id;
  });
  await appointmentMail(tx, id, 'booked', publicUrl);
  return id;
}

interface Current extends Slot {
  id: number;
  status: AppointmentState;
}

async function lockAppointment(tx: DbOrTx, id: number): Promise<Current> {
  const [row] = await tx
    .select({
      id: appointment.id,
      status: appointment.status,
      userId: appointment.userId,
      date: appointment.date,
      time: appointment.time,
      durationMinutes: appointment.durationMinutes,
    })
    .from(appointment)
    .where(eq(appointment.id, id))
    .for('update');
  if (!row) throw notFound(`Appointment ${id}`);
  return { ...row, status: row.status as AppointmentState, time: row.time.slice(0, 5) };
}

/**
 * PATCH api/leads/appointmentupdate/{id} and PUT api/appointments/{id}: a new status through the
 * lifecycle (the same status is no move); a new staff member, day, time or length (a move, only while
 * booked or confirmed) checked against the book as a booking is. A move queues the mail of the new
 * time and lets the day-before reminder go again. Answers what changed.
 */
export async function changeAppointment(
  tx: DbOrTx,
  id: number,
  changes: AppointmentUpdateInput,
  publicUrl: string,
): Promise<{ moved: boolean; from: AppointmentState; to: AppointmentState }> {
  const current = await lockAppointment(tx, id);
  const to = changes.status ?? current.status;
  if (to !== current.status) assertMove(id, current.status, to);
  const slot: Slot = {
    userId: changes.userId ?? current.userId,
    date: changes.date ?? current.date,
    time: changes.time ?? current.time,
    durationMinutes: changes.durationMinutes ?? current.durationMinutes,
  };
  const moved = (Object.keys(slot) as (keyof Slot)[]).some((k) => slot[k] !== current[k]);
  if (moved && !(current.status === 0 || current.status === 1))
    throw new AppError('invalid_transition', `Appointment ${id} is ${words(current.status)}; only a booked or confirmed one can be moved`, {
      time: `cannot move a ${words(current.status)} appointment`,
    });
  if (moved && slot.userId !== current.userId) await assertActiveStaff(tx, slot.userId, 'userId', appointmentLabels);
  const checkSlot = moved && holds(to);
  if (checkSlot) {
    await lockBooks(tx, [current.userId, slot.userId]);
    await assertSlotFree(tx, slot, id);
  }
  const set = {
    ...(to !== current.status ? { status: to } : {}),
    ...(moved ? { ...slot, reminderSentAt: null } : {}),
    ...(changes.notes !== undefined ? { notes: changes.notes } : {}),
    updatedAt: new Date(),
  };
  await writeSlot(tx, slot, id, (sp) => sp.update(appointment).set(set).where(eq(appointment.id, id)));
  if (moved && holds(to) && to !== 2) await appointmentMail(tx, id, 'moved', publicUrl);
  return { moved, from: current.status, to };
}

/** DELETE api/leads/deleteappointment/{id}: the appointment is removed from the book. */
export async function deleteAppointment(tx: DbOrTx, id: number): Promise<void> {
  await lockAppointment(tx, id);
  await tx.delete(appointment).where(eq(appointment.id, id));
}
