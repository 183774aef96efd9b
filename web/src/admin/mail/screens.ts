import type { AdminScreen } from '../screens.ts';

/** Mail: the e-mail settings (with a test send), the outbox and the free-form mail; under Settings. */
export const mailScreens: AdminScreen[] = [
  {
    path: 'email-config',
    label: 'E-mail settings',
    group: 'Settings',
    permission: 'readAll-emailConfig',
    load: () => import('./EmailSettingsPage.tsx'),
  },
  { path: 'outbox', label: 'Outbox', group: 'Settings', permission: 'readAll-email', load: () => import('./OutboxPage.tsx') },
  {
    path: 'email/compose',
    label: 'Write an e-mail',
    group: 'Settings',
    permission: 'create-email',
    load: () => import('./ComposeMailPage.tsx'),
  },
];
