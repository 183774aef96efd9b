import { type AppointmentState, appointmentStateNames } from '@tillbook/contract';
import { Tag } from 'antd';

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

/** Cancelled and no-show appointments no longer hold their slot: the book shows them faded, struck through. */
export const holdsSlot = (status: number) => status === 0 || status === 1 || status === 2;
