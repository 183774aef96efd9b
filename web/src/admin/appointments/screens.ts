import type { AdminScreen } from '../screens.ts';

/** The appointment book and the leads it serves (lead sources are a plain list: resources/crm-screens.ts). Menu order is this order. */
export const appointmentScreens: AdminScreen[] = [
  {
    path: 'appointment',
    label: 'Appointment book',
    group: 'Appointments',
    permission: 'readAll-appointment',
    load: () => import('./AppointmentBookPage.tsx'),
  },
  { path: 'lead', label: 'Leads', group: 'Appointments', permission: 'readAll-lead', load: () => import('../leads/LeadListPage.tsx') },
  { path: 'lead/:id', group: 'Appointments', permission: 'readSingle-lead', load: () => import('../leads/LeadPage.tsx') },
];
