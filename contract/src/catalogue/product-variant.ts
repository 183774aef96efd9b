import { z } from 'zod';
import { out } from '../answers.ts';
import { endpoint } from '../endpoint.ts';
import { id, money, numberField, optionalId, optionalText, requiredText } from '../fields.ts';
import { adjustmentDetailOut } from '../inventory/adjust-inventory.ts';
import { idSet, productVariantOut } from '../product.ts';
import { define } from '../resources/contract.ts';

const optionalMoney = z.preprocess((v) => (v === '' || v === null ? null : v), money.nullish());
const reorderLevel = numberField((n) => n.int('must be a whole number').min(0, 'must not be negative').max(1_000_000, 'is too large'));

/**
 * A product's variant (issue 32): one combination of its colour and attribute values that it sells, with
 * its own SKU (unique across products and variants), barcode, stock, reorder level, average cost and,
 * when set, a price replacing the product's (the product's discount applies to it). Its stock moves only
 * through documents; `PATCH product-variant/{id}` with status stops or resumes selling it.
 */
export const productVariantResource = define({
  path: 'product-variant',
  entity: 'product',
  listName: 'ProductVariant',
  label: 'Variant',
  labels: {
    productId: 'Product',
    colorId: 'Colour',
    productAttributeValueId: 'Attribute values',
    sku: 'SKU',
    barcode: 'Barcode',
    productSalePrice: 'Price',
    reorderQuantity: 'Reorder level',
    productImageId: 'Picture',
  },
  input: z.object({
    productId: id,
    colorId: optionalId,
    productAttributeValueId: idSet.default([]),
    sku: requiredText(60),
    barcode: optionalText(60),
    productSalePrice: optionalMoney,
    reorderQuantity: reorderLevel.default(0),
    /** One of its product's gallery pictures, shown on the storefront when the variant is picked. */
    productImageId: optionalId,
  }),
  deletion: 'soft',
  unique: ['sku', 'barcode'],
  search: ['sku', 'barcode'],
  sortable: ['sku', 'productQuantity', 'createdAt'],
  titleField: 'sku',
});

/**
 * POST product-variant/matrix: every combination of the colours (none: no colour) and one value from each
 * list of attribute values not made yet, made at once. SKUs are the product's and the values' names.
 */
export const productVariantMatrixInput = z.object({
  productId: id,
  colorId: idSet.default([]),
  productAttributeValueId: z.array(idSet, { error: 'must be a list of lists of ids' }).max(5, 'must hold at most 5 lists').default([]),
});
export type ProductVariantMatrixInput = z.infer<typeof productVariantMatrixInput>;

/** At most this many variants of one product are made by one matrix. */
export const maxMatrixVariants = 500;

/**
 * POST product-variant/share-out: a product given variants after it held stock shares that stock out to them
 * in one stock adjustment (the product's own stock down, each variant's up, at the product's average cost).
 */
export const shareOutInput = z.object({
  productId: id,
  share: z
    .array(
      z.object({
        productVariantId: id,
        quantity: numberField((n) => n.int('must be a whole number').positive('must be above 0').max(1_000_000, 'is too large')),
      }),
      {
        error: 'must be a list of variants and quantities',
      },
    )
    .min(1, 'must name at least one variant')
    .max(500, 'must name at most 500 variants'),
  note: optionalText(500),
});
export type ShareOutInput = z.infer<typeof shareOutInput>;

/** The variant endpoints beyond the plain resource's. */
export const productVariantEndpoints = {
  matrix: endpoint({
    method: 'POST',
    path: 'product-variant/matrix',
    access: 'update-product',
    body: productVariantMatrixInput,
    labels: productVariantResource.labels,
    answer: z.object({ getAllProductVariant: z.array(productVariantOut), totalProductVariant: out.int }),
    status: 201,
  }),
  shareOut: endpoint({
    method: 'POST',
    path: 'product-variant/share-out',
    access: 'create-adjust',
    body: shareOutInput,
    answer: adjustmentDetailOut,
    status: 201,
  }),
};
