import type { AdminScreen } from '../screens.ts';

/** Plain lists: each is a screen definition handed to the generic list page. */
export const resourceScreens: AdminScreen[] = [
  {
    path: 'colour', label: 'Colours', group: 'Catalogue', permission: 'readAll-color',
    load: async () => ({ default: (await import('./ResourceScreenPage.tsx')).pageFor((await import('./colour.tsx')).colourScreen) }),
  },
];
