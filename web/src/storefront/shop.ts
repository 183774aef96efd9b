import type { PublicProduct } from '@tillbook/contract';
import { useQuery } from '@tanstack/react-query';
import { http, must } from '../lib/http.ts';
import { useSettings } from '../lib/settings.ts';

export interface Named {
  id: number;
  name: string;
}

export interface Category extends Named {
  productSubCategory: Named[];
}

export interface ProductList {
  getAllProduct: PublicProduct[];
  totalProduct: number;
}

/** A public product's page data: the list fields plus gallery, colours and attribute values. */
export interface PublicProductDetail extends PublicProduct {
  images: { id: number; position: number; url: string | null; thumbnailUrl: string | null }[];
  colors: (Named & { colorCode: string })[];
  productAttributeValues: (Named & { productAttributeId: number; productAttributeName: string })[];
}

/** Formats an amount with the shop's currency symbol, two decimals. */
export function useMoney(): (amount: number) => string {
  const { data: settings } = useSettings();
  const symbol = settings?.currency?.currencySymbol ?? '';
  return (amount: number) => `${symbol}${Number(amount).toFixed(2)}`;
}

export function usePublicBrands() {
  return useQuery({ queryKey: ['public-brands'], queryFn: () => must(http.get<{ getAllProductBrand: Named[] }>('product-brand/public')) });
}

export function usePublicColours() {
  return useQuery({
    queryKey: ['public-colours'],
    queryFn: () => must(http.get<{ getAllProductColor: (Named & { colorCode: string })[] }>('product-color/public')),
  });
}
