import type { LocalCartLine } from './local-cart.ts';

/** Keeps only what looks like a cart line (the storage may hold anything another version wrote). */
export function parseLocalCart(raw: string | null): LocalCartLine[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value
      .filter(
        (l): l is LocalCartLine =>
          !!l &&
          typeof l === 'object' &&
          Number.isInteger(l.productId) &&
          Number.isInteger(l.productQuantity) &&
          l.productQuantity > 0 &&
          !!l.product &&
          typeof l.product.name === 'string',
      )
      .map((l) => ({
        ...l,
        productAttributeValueId: Array.isArray(l.productAttributeValueId) ? l.productAttributeValueId : [],
        cartAttributeValue: Array.isArray(l.cartAttributeValue) ? l.cartAttributeValue : [],
        colorId: l.colorId ?? null,
        colors: l.colors ?? null,
      }));
  } catch {
    return [];
  }
}
