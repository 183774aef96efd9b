import { expect } from 'vitest';
import type { TestApp } from './harness.ts';

let n = 0;
/** A name no other test of the run uses. */
export const fresh = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${n++}`;

/** A new active staff member (a role with the given grants), signed in: their id and token. */
export const staffMember = (t: TestApp, grants: string[] = ['readAll-appointment']) => t.staffWith(grants);

/** A lead through the API (201), owned by `ownerId`. */
export async function makeLead(t: TestApp, token: string, body: Record<string, unknown>) {
  const made = await t.call('POST', '/v1/api/leads', { token, body: { name: fresh('Lead'), ...body } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.data as { id: number; name: string; email: string | null };
}

/** POST api/leads/appointmentadd: the answer as it comes (status and body). */
export const book = (t: TestApp, token: string, body: Record<string, unknown>) =>
  t.call('POST', '/v1/api/leads/appointmentadd', { token, body });

/** A booking that must succeed: the appointment answered. */
export async function booked(t: TestApp, token: string, body: Record<string, unknown>) {
  const made = await book(t, token, body);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.data as { id: number; status: number; time: string; endTime: string };
}

/** Moves an appointment (PATCH api/leads/appointmentupdate/{id}). */
export const patchAppointment = (t: TestApp, token: string, id: number, body: Record<string, unknown>) =>
  t.call('PATCH', `/v1/api/leads/appointmentupdate/${id}`, { token, body });
