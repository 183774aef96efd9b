import { type QueryClient, useQuery } from '@tanstack/react-query';
import { type Appointment, appointmentMessages, routes } from '@tillbook/contract';
import { api } from '../../lib/api.ts';
import { mustOr } from './appointment-calls.ts';
import type { BookEntry } from './book-types.ts';

export type { Appointment };

/** Query keys: every appointment answer starts with 'appointments', so one write refreshes the book, the lead's page and the open appointment. */
export const appointmentKeys = {
  all: ['appointments'] as const,
  range: (userId: number, from: string, to: string) => ['appointments', 'book', userId, from, to] as const,
  one: (id: number) => ['appointments', 'one', id] as const,
};

export const toEntry = (a: Appointment): BookEntry => ({
  id: a.id,
  status: a.status,
  date: a.date,
  time: a.time.slice(0, 5),
  durationMinutes: a.durationMinutes,
  who: a.forName,
  notes: a.notes,
});

/** One staff member's book between two days (both included). */
export function useBook(userId: number, from: string, to: string) {
  return useQuery({
    queryKey: appointmentKeys.range(userId, from, to),
    queryFn: () => mustOr(api(routes.appointment.list, { query: { userId, from, to } }), appointmentMessages.loadFailed),
    select: (answer) => answer.list.map(toEntry),
    enabled: userId > 0,
  });
}

/** One appointment with the statuses it may move to. */
export function useAppointment(id: number | null) {
  return useQuery({
    queryKey: appointmentKeys.one(id ?? 0),
    queryFn: () => mustOr(api(routes.appointment.get, { params: { id: id ?? 0 } }), appointmentMessages.getFailed),
    select: (answer) => answer.data,
    enabled: (id ?? 0) > 0,
  });
}

/** The staff members who may hold appointments. */
export function useBookStaff() {
  return useQuery({
    queryKey: ['appointments-staff'],
    queryFn: () => mustOr(api(routes.appointment.staff), appointmentMessages.loadFailed),
    select: (answer) => answer.list,
    staleTime: 60_000,
  });
}

/** A staff member as the book names them: first and last name, else the username. */
export const staffName = (u: { username: string; firstName?: string | null; lastName?: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username;

/** After a write: the book, the open appointment and the leads' pages (which list their appointments) read again. */
export async function refreshAppointments(client: QueryClient) {
  await Promise.all([client.invalidateQueries({ queryKey: appointmentKeys.all }), client.invalidateQueries({ queryKey: ['lead'] })]);
}
