import type { AdminScreen } from '../screens.ts';

/** The selling area's screens (the till comes later). Menu order is this order. */
export const sellingScreens: AdminScreen[] = [
  {
    path: 'customer',
    label: 'Customers',
    group: 'Sell',
    permission: 'readAll-customer',
    load: async () => {
      const [{ customerScreen }, { pageFor }] = await Promise.all([
        import('./definitions.ts'),
        import('../resources/ResourceScreenPage.tsx'),
      ]);
      return { default: pageFor(customerScreen) };
    },
  },
];
