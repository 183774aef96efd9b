import { z } from 'zod';
import { out } from '../answers.ts';
import { endpoint } from '../endpoint.ts';
import { dateOnly, id, numberField, optionalId, optionalLines, timeOfDay } from '../fields.ts';
import { idListFilter } from '../list-query.ts';
import { type AppointmentState, appointmentStateNames, appointmentStates } from './lead-sets.ts';

/** The spec's fallback texts when an appointment call fails (word for word). */
export const appointmentMessages = {
  loadFailed: 'Failed to load appointments',
  statusFailed: 'Failed to update appointment status',
  createFailed: 'Failed to create appointment',
  deleteFailed: 'Failed to delete appointment',
  getFailed: 'Failed to get appointment',
} as const;

/** The status as a number (0 booked, 1 confirmed, 2 done, 3 cancelled, 4 no-show); text '1' is read as 1. */
export const appointmentStatusField = numberField(
  (n) => n.int('must be one of 0 (booked), 1 (confirmed), 2 (done), 3 (cancelled), 4 (no-show)'),
  'must be one of 0 (booked), 1 (confirmed), 2 (done), 3 (cancelled), 4 (no-show)',
).refine(
  (n) => (appointmentStates as readonly number[]).includes(n as number),
  'must be one of 0 (booked), 1 (confirmed), 2 (done), 3 (cancelled), 4 (no-show)',
) as unknown as z.ZodType<AppointmentState, unknown>;

/** Minutes an appointment lasts: 5 to 720 (the database holds the same bounds). */
export const durationField = numberField(
  (n) => n.int('must be a whole number of minutes').min(5, 'must be at least 5 minutes').max(720, 'must be at most 720 minutes'),
  'must be a whole number of minutes',
);

/** 'HH:MM' (seconds, when sent, are dropped). */
const startTime = timeOfDay.transform((t) => t.slice(0, 5));

/**
 * POST api/leads/appointmentadd: an appointment for a lead or a customer (exactly one), with a staff
 * member (`userId`, an active user), a day, a start time and a length. It starts booked (0).
 */
export const appointmentInput = z
  .object({
    leadId: optionalId,
    customerId: optionalId,
    userId: id,
    date: dateOnly,
    time: startTime,
    durationMinutes: durationField.default(30),
    notes: optionalLines(2000),
  })
  .superRefine((body, ctx) => {
    if ((body.leadId == null) === (body.customerId == null))
      ctx.addIssue({
        code: 'custom',
        path: [body.leadId == null ? 'leadId' : 'customerId'],
        message: body.leadId == null ? 'is required (or a customer)' : 'must be left out when a lead is given',
      });
  });
export type AppointmentInput = z.output<typeof appointmentInput>;

/**
 * PATCH api/leads/appointmentupdate/{id} (spec: status, date, time, notes) and PUT api/appointments/{id}:
 * only the fields sent change. A new status moves through `appointmentLifecycle` (409 invalid_transition
 * otherwise); a new staff member, day, time or length is checked against the staff member's book.
 */
export const appointmentUpdateInput = z
  .object({
    status: appointmentStatusField.optional(),
    userId: id.optional(),
    date: dateOnly.optional(),
    time: startTime.optional(),
    durationMinutes: durationField.optional(),
    notes: optionalLines(2000).optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), { message: 'must change something', path: ['status'] });
export type AppointmentUpdateInput = z.output<typeof appointmentUpdateInput>;

/** The appointment screens' fields as they name them. */
export const appointmentLabels = {
  leadId: 'Lead',
  customerId: 'Customer',
  userId: 'Staff member',
  date: 'Date',
  time: 'Start time',
  durationMinutes: 'Length (minutes)',
  notes: 'Notes',
  status: 'Status',
};

export const appointmentStatusOut = z.number().int() as unknown as z.ZodType<AppointmentState>;

export const appointmentOut = z.object({
  id: out.id,
  /** The spec's number: 0 booked, 1 confirmed, 2 done, 3 cancelled, 4 no-show. */
  status: appointmentStatusOut,
  /** The status in words ('Booked' ...). */
  statusName: out.text,
  date: out.date,
  /** 'HH:MM' */
  time: out.text,
  durationMinutes: out.int,
  /** 'HH:MM', when it ends (may pass midnight: '00:15'). */
  endTime: out.text,
  notes: out.optionalText,
  leadId: out.optionalId,
  customerId: out.optionalId,
  lead: z.object({ id: out.id, name: out.text, email: out.optionalText, phone: out.optionalText }).nullable(),
  customer: z
    .object({
      id: out.id,
      username: out.text,
      firstName: out.optionalText,
      lastName: out.optionalText,
      email: out.optionalText,
      phone: out.optionalText,
    })
    .nullable(),
  /** Who it is for, as a person reads it: the lead's name or the customer's. */
  forName: out.text,
  userId: out.id,
  user: z.object({ id: out.id, username: out.text, firstName: out.optionalText, lastName: out.optionalText }),
  /** The statuses it may move to next (appointmentLifecycle). */
  nextStatuses: z.array(appointmentStatusOut),
  reminderSentAt: out.timestamp.nullable(),
  createdAt: out.timestamp,
  updatedAt: out.timestamp,
});
export type Appointment = z.infer<typeof appointmentOut>;

/** The longest span the book answers at once (a month view and a little more). */
export const appointmentRangeDays = 42;
/** At most this many appointments in one answer (`truncated` says when more were there). */
export const appointmentListLimit = 2000;

/** GET api/appointments: the book between two days (both included), for one or more staff members, a lead or a customer. */
export const appointmentListQuery = z
  .object({
    from: dateOnly,
    to: dateOnly,
    userId: idListFilter.optional(),
    leadId: idListFilter.optional(),
    customerId: idListFilter.optional(),
    /** One status or a comma list ('0,1'). */
    status: z
      .string()
      .regex(/^[0-4](,[0-4])*$/, 'must be a status number or a comma list of them (0 to 4)')
      .transform((text) => [...new Set(text.split(',').map(Number))] as AppointmentState[])
      .optional(),
  })
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before the start' });
    else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 >= appointmentRangeDays)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${appointmentRangeDays} days after the start` });
  });

const appointmentAnswer = z.object({ data: appointmentOut, message: out.text });

/** Staff who may hold appointments (active users), for the book's columns and the owner pickers. */
export const bookStaffOut = z.object({
  list: z.array(z.object({ id: out.id, username: out.text, firstName: out.optionalText, lastName: out.optionalText })),
});

/**
 * Appointments (spec "Appointments and leads": the calls under api/leads and api/appointments as written;
 * the book's list and staff beside them).
 */
export const appointmentEndpoints = {
  create: endpoint({
    method: 'POST',
    path: 'api/leads/appointmentadd',
    access: 'create-appointment',
    body: appointmentInput,
    labels: appointmentLabels,
    answer: appointmentAnswer,
    status: 201,
  }),
  /** The spec's status, date, time and notes (and the staff member, the length). */
  update: endpoint({
    method: 'PATCH',
    path: 'api/leads/appointmentupdate/:id',
    access: 'update-appointment',
    body: appointmentUpdateInput,
    labels: appointmentLabels,
    answer: appointmentAnswer,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: 'api/leads/deleteappointment/:id',
    access: 'delete-appointment',
    answer: z.object({ id: out.id, message: out.text }),
  }),
  get: endpoint({
    method: 'GET',
    path: 'api/appointments/:id',
    access: 'readSingle-appointment',
    answer: z.object({ data: appointmentOut }),
  }),
  put: endpoint({
    method: 'PUT',
    path: 'api/appointments/:id',
    access: 'update-appointment',
    body: appointmentUpdateInput,
    labels: appointmentLabels,
    answer: appointmentAnswer,
  }),
  /** The book: appointments between `from` and `to` (at most 42 days), ordered by day, time, staff member. */
  list: endpoint({
    method: 'GET',
    path: 'api/appointments',
    access: 'readAll-appointment',
    query: appointmentListQuery,
    answer: z.object({ list: z.array(appointmentOut), total: out.int, truncated: z.enum(['true', 'false']) }),
  }),
  staff: endpoint({ method: 'GET', path: 'api/appointments/staff', access: 'readAll-appointment', answer: bookStaffOut }),
};

/** A state's name in words ('Booked'). */
export const appointmentStateName = (s: AppointmentState): string => appointmentStateNames[s];
