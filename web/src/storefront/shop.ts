import { useQuery } from '@tanstack/react-query';
import { type CategoryWithSubcategories, shopRoutes as routes } from '@tillbook/contract';
import { api } from '../lib/api.ts';
import { must } from '../lib/http.ts';
import { useSettings } from '../lib/settings.ts';

/** A public category with its active sub-categories (the contract's answer type). */
export type Category = CategoryWithSubcategories;

/** The catalogue of one category. */
export const categoryHref = (c: Category) => `/products?productCategoryId=${c.id}`;

/** Formats an amount with the shop's currency symbol, two decimals. */
export function useMoney(): (amount: number) => string {
  const { data: settings } = useSettings();
  const symbol = settings?.currency?.currencySymbol ?? '';
  return (amount: number) => `${symbol}${Number(amount).toFixed(2)}`;
}

export function usePublicBrands() {
  // a plain resource's public list
  return useQuery({ queryKey: ['public-brands'], queryFn: () => must(api(routes.publicList.productBrand)) });
}

export function usePublicColours() {
  return useQuery({
    queryKey: ['public-colours'],
    queryFn: () => must(api(routes.publicList.color)),
  });
}
