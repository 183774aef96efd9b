import {
  type AppointmentState,
  appointmentLifecycle,
  appointmentListLimit,
  appointmentStateNames,
  customerName,
  leadAppointmentLimit,
} from '@tillbook/contract';
import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { appointment, customer, lead, users } from '../../schema/index.ts';

/** 'HH:MM' of a time column (or a time expression). */
const hhmm = (expression: SQL | typeof appointment.time) => sql<string>`to_char(${expression}, 'HH24:MI')`;

const fields = {
  id: appointment.id,
  status: appointment.status,
  date: appointment.date,
  time: hhmm(appointment.time),
  durationMinutes: appointment.durationMinutes,
  endTime: hhmm(sql`${appointment.time} + ${appointment.durationMinutes} * interval '1 minute'`),
  notes: appointment.notes,
  leadId: appointment.leadId,
  customerId: appointment.customerId,
  userId: appointment.userId,
  reminderSentAt: appointment.reminderSentAt,
  createdAt: appointment.createdAt,
  updatedAt: appointment.updatedAt,
  leadName: lead.name,
  leadEmail: lead.email,
  leadPhone: lead.phone,
  customerUsername: customer.username,
  customerFirstName: customer.firstName,
  customerLastName: customer.lastName,
  customerEmail: customer.email,
  customerPhone: customer.phone,
  userUsername: users.username,
  userFirstName: users.firstName,
  userLastName: users.lastName,
};

/** The statuses an appointment may move to next (its lifecycle's table). */
export const nextAppointmentStates = (status: AppointmentState): AppointmentState[] =>
  (appointmentLifecycle.transitions[String(status) as '0'] ?? []).map(Number) as AppointmentState[];

/** An appointment as the contract answers it (appointmentOut), from its row and its joins. */
function present(r: Row) {
  const status = r.status as AppointmentState;
  const lead = r.leadId === null ? null : { id: r.leadId, name: r.leadName ?? '', email: r.leadEmail, phone: r.leadPhone };
  const customer =
    r.customerId === null
      ? null
      : {
          id: r.customerId,
          username: r.customerUsername ?? '',
          firstName: r.customerFirstName,
          lastName: r.customerLastName,
          email: r.customerEmail,
          phone: r.customerPhone,
        };
  return {
    id: r.id,
    status,
    statusName: appointmentStateNames[status],
    date: r.date,
    time: r.time,
    durationMinutes: r.durationMinutes,
    endTime: r.endTime,
    notes: r.notes,
    leadId: r.leadId,
    customerId: r.customerId,
    lead,
    customer,
    forName: lead ? lead.name : customerName(customer ?? {}),
    userId: r.userId,
    user: { id: r.userId, username: r.userUsername, firstName: r.userFirstName, lastName: r.userLastName },
    nextStatuses: nextAppointmentStates(status),
    reminderSentAt: r.reminderSentAt,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}
export type AppointmentAnswer = ReturnType<typeof present>;

type Row = Awaited<ReturnType<typeof selectAppointments>>[number];

const selectAppointments = (db: DbOrTx) =>
  db
    .select(fields)
    .from(appointment)
    .leftJoin(lead, eq(lead.id, appointment.leadId))
    .leftJoin(customer, eq(customer.id, appointment.customerId))
    .innerJoin(users, eq(users.id, appointment.userId));

/** One appointment, or undefined. */
export async function readAppointment(db: DbOrTx, id: number): Promise<AppointmentAnswer | undefined> {
  const [row] = await selectAppointments(db).where(eq(appointment.id, id));
  return row ? present(row) : undefined;
}

/** A lead's appointments, newest first (at most leadAppointmentLimit). */
export async function appointmentsOfLead(db: DbOrTx, leadId: number): Promise<AppointmentAnswer[]> {
  const rows = await selectAppointments(db)
    .where(eq(appointment.leadId, leadId))
    .orderBy(desc(appointment.date), desc(appointment.time), desc(appointment.id))
    .limit(leadAppointmentLimit);
  return rows.map((r) => present(r));
}

export interface BookQuery {
  from: string;
  to: string;
  userId?: number[];
  leadId?: number[];
  customerId?: number[];
  status?: AppointmentState[];
}

/** The book between two days (both included), by day, time and staff member; at most appointmentListLimit rows. */
export async function listAppointments(db: DbOrTx, q: BookQuery) {
  const where = and(
    gte(appointment.date, q.from),
    lte(appointment.date, q.to),
    q.userId ? inArray(appointment.userId, q.userId) : undefined,
    q.leadId ? inArray(appointment.leadId, q.leadId) : undefined,
    q.customerId ? inArray(appointment.customerId, q.customerId) : undefined,
    q.status ? inArray(appointment.status, q.status) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    selectAppointments(db)
      .where(where)
      .orderBy(asc(appointment.date), asc(appointment.time), asc(appointment.userId), asc(appointment.id))
      .limit(appointmentListLimit),
    db.select({ n: sql<number>`count(*)::int` }).from(appointment).where(where),
  ]);
  const total = Number(counted?.n ?? 0);
  return { list: rows.map((r) => present(r)), total, truncated: total > rows.length };
}
