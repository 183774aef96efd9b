import { type ProductVariant, routes } from '@tillbook/contract';
import { api } from '../../../lib/api.ts';
import { type VariantNames, variantLabel } from '../../../lib/variant-label.ts';
import type { TillProduct } from './cart.ts';

/** A variant the till offers: as a line adds it, and its price to pay today as the server answers it. */
export interface VariantChoice {
  product: TillProduct & { variantId: number; variantLabel: string };
  /** The variant's `finalPriceWithVat` (the server's figure, shown in the picker). */
  priceWithVat: number;
}

/**
 * The product's variants as lines of the till: the variant's SKU, stock and price (its own, else the
 * product's), the product's VAT and discount; named by colour and values ("Red / M").
 */
export function variantChoices(product: TillProduct, variants: readonly ProductVariant[], names: VariantNames): VariantChoice[] {
  return variants
    .filter((v) => v.status !== 'false')
    .map((v) => ({
      product: {
        ...product,
        variantId: v.id,
        variantLabel: variantLabel(v, names),
        sku: v.sku,
        productSalePrice: v.productSalePrice ?? product.productSalePrice,
        productQuantity: v.productQuantity,
      },
      priceWithVat: v.finalPriceWithVat,
    }));
}

/** The variants of a held sale's lines, by id (their SKU and name), read from their products' pages. */
export async function heldVariants(lines: readonly { productId: number; productVariantId?: number | null }[]) {
  const products = [...new Set(lines.filter((l) => l.productVariantId).map((l) => l.productId))];
  const found = new Map<number, VariantChoice['product']>();
  for (const id of products) {
    const answer = await api(routes.product.publicGet, { params: { id } });
    if (answer.error !== undefined) continue;
    const p = answer.data;
    const base: TillProduct = {
      id: p.id,
      name: p.name,
      sku: p.sku,
      productSalePrice: p.productSalePrice,
      vatPercentage: 0,
      discount: null,
    };
    for (const c of variantChoices(base, p.variants ?? [], p)) found.set(c.product.variantId, c.product);
  }
  return found;
}
