import { type AppointmentState, appointmentLifecycle, appointmentStateNames, fallbackErrorText } from '@tillbook/contract';
import { Tag } from 'antd';
import type { Result } from '../../lib/http.ts';

/**
 * The server's message, else the call's own fallback text (the spec's, `appointmentMessages`): when there was
 * no answer at all, or one without a message of its own.
 */
export function failure(result: Result<unknown>, fallback: string): string | null {
  if (result.error === undefined) return null;
  return result.error && result.error !== fallbackErrorText ? result.error : fallback;
}

/** For TanStack Query: the data, or an Error with the server's message or the fallback text. */
export async function mustOr<T>(call: Promise<Result<T>>, fallback: string): Promise<T> {
  const result = await call;
  const problem = failure(result, fallback);
  if (problem !== null) throw Object.assign(new Error(problem), { status: result.error === undefined ? 0 : result.status });
  return result.data as T;
}

/** A status's colours: the tag's, and a block's background and edge in the book. */
const palette: Record<AppointmentState, { tag: string; fill: string; edge: string }> = {
  0: { tag: 'blue', fill: '#e6f4ff', edge: '#1677ff' },
  1: { tag: 'green', fill: '#f6ffed', edge: '#389e0d' },
  2: { tag: 'purple', fill: '#f9f0ff', edge: '#722ed1' },
  3: { tag: 'default', fill: '#fafafa', edge: '#bfbfbf' },
  4: { tag: 'orange', fill: '#fff7e6', edge: '#d46b08' },
};
export const stateColours = (status: number) => palette[status as AppointmentState] ?? palette[0];
export const stateName = (status: number) => appointmentStateNames[status as AppointmentState] ?? `Status ${status}`;

export const AppointmentStatusTag = ({ status }: { status: number }) => (
  <Tag color={stateColours(status).tag} data-testid="appointment-status">
    {stateName(status)}
  </Tag>
);

/** The button that moves an appointment to a state. */
export const moveLabels: Record<AppointmentState, string> = {
  0: 'Book again',
  1: 'Confirm',
  2: 'Done',
  3: 'Cancel',
  4: 'No-show',
};

/** The states the transition table lets the appointment move to next. */
export function nextStates(status: number): AppointmentState[] {
  const to = appointmentLifecycle.transitions[String(status) as keyof typeof appointmentLifecycle.transitions] ?? [];
  return to.map((s) => Number(s) as AppointmentState);
}

/** Cancelled and no-show appointments no longer hold their slot: the book shows them faded, struck through. */
export const holdsSlot = (status: number) => status === 0 || status === 1 || status === 2;
