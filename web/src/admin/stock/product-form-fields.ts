import { discountContract, labelOf, type ProductDetail, productFileFields, resources } from '@tillbook/contract';
import { refTo } from '../../ui/resource/screen-from-contract.ts';

/**
 * The fields the form edits, in form order, with their labels from the contract (the server's
 * messages use the same words; field errors land on these).
 */
export const labels: Record<string, string> = Object.fromEntries(
  [
    'name',
    'sku',
    'description',
    'productSubCategoryId',
    'productBrandId',
    'uomId',
    'uomValue',
    'productVatId',
    'discountId',
    'productSalePrice',
    'reorderQuantity',
    'productPurchasePrice',
    'productQuantity',
    'colors',
    'productAttributeValueId',
    productFileFields.thumbnail,
    productFileFields.gallery,
  ].map((name) => [name, labelOf(name)]),
);
export const formOrder = Object.keys(labels);
/** Stock changes only through movements; the purchase price (average cost) may be edited, revaluing the stock on hand. */
export const createOnly = ['productQuantity'];
export const refs = {
  productSubCategoryId: refTo(resources.productSubCategory),
  productBrandId: refTo(resources.productBrand),
  uomId: refTo(resources.uom),
  productVatId: refTo(resources.vat),
  discountId: refTo(discountContract),
};

/** Form values of a loaded product. */
export function valuesOf(p: ProductDetail): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const files: string[] = Object.values(productFileFields);
  const fields = p as Record<string, unknown>;
  for (const name of Object.keys(labels)) if (name in p && !files.includes(name)) out[name] = fields[name];
  out.colors = p.colors.map((c) => c.id);
  out.productAttributeValueId = p.productAttributeValues.map((v) => v.id);
  return out;
}
