import { defineLifecycle } from '../lifecycle.ts';

/** Where a lead stands (reference 2.10). `customer` once converted. */
export const leadStatuses = ['new', 'contacted', 'qualified', 'working', 'customer', 'lost', 'cancelled'] as const;
export type LeadStatus = (typeof leadStatuses)[number];

/**
 * An appointment's status, stored and sent as a number (spec): 0 booked, 1 confirmed, 2 done,
 * 3 cancelled, 4 no-show. Booked and confirmed hold their slot (done too: it happened there).
 */
export const appointmentStates = [0, 1, 2, 3, 4] as const;
export type AppointmentState = (typeof appointmentStates)[number];
export const appointmentStateNames: Record<AppointmentState, string> = {
  0: 'Booked',
  1: 'Confirmed',
  2: 'Done',
  3: 'Cancelled',
  4: 'No-show',
};
/** The states whose appointment keeps its staff member's time taken. */
export const appointmentHoldsSlot: readonly AppointmentState[] = [0, 1, 2];

export const appointmentLifecycle = defineLifecycle({
  states: ['0', '1', '2', '3', '4'],
  transitions: {
    '0': ['1', '2', '3', '4'],
    '1': ['2', '3', '4'],
  },
});
