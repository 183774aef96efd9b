import { permissionName } from '@tillbook/contract';
import type { AdminScreen } from '../screens.ts';

/** The stock room (products, adjustments, reorder list), discounts and slider images. Menu order is this order. */
export const stockScreens: AdminScreen[] = [
  { path: 'product', label: 'Products', group: 'Stock', permission: 'readAll-product', load: () => import('./ProductListPage.tsx') },
  { path: 'product/import', group: 'Stock', permission: 'create-product', load: () => import('./ProductImportPage.tsx') },
  { path: 'product/new', group: 'Stock', permission: 'create-product', load: () => import('./ProductFormPage.tsx') },
  { path: 'product/:id', group: 'Stock', permission: 'readSingle-product', load: () => import('./ProductPage.tsx') },
  { path: 'product/:id/edit', group: 'Stock', permission: 'update-product', load: () => import('./ProductFormPage.tsx') },
  {
    path: 'slider-images',
    label: 'Slider images',
    group: 'Online shop',
    permission: permissionName('readAll', 'sliderImages'),
    load: () => import('./SliderImagesPage.tsx'),
  },
  {
    path: 'adjust-inventory',
    label: 'Adjust inventory',
    group: 'Stock',
    permission: 'readAll-adjust',
    load: () => import('./AdjustListPage.tsx'),
  },
  { path: 'adjust-inventory/new', group: 'Stock', permission: 'create-adjust', load: () => import('./AdjustCreatePage.tsx') },
  {
    path: 'reorder',
    label: 'Reorder list',
    group: 'Stock',
    permission: 'readAll-reorderQuantity',
    load: () => import('./ReorderPage.tsx'),
  },
  {
    path: 'discount',
    label: 'Discounts',
    group: 'Stock',
    permission: permissionName('readAll', 'discount'),
    load: async () => {
      const [{ discountScreen }, { pageFor }] = await Promise.all([
        import('./definitions.ts'),
        import('../resources/ResourceScreenPage.tsx'),
      ]);
      return { default: pageFor(discountScreen) };
    },
  },
];
