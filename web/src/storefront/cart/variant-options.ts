import type { ProductVariant } from '@tillbook/contract';

/** What the shopper has chosen so far: the colour (null: none yet) and one value per attribute (by attribute id). */
export interface VariantPick {
  colorId: number | null;
  values: Record<number, number>;
}

type Sold = Pick<ProductVariant, 'colorId' | 'productAttributeValueId' | 'productQuantity'>;

/** How an option stands with the other choices kept: on sale, sold out (no stock), or not sold at all. */
export type OptionState = 'onSale' | 'soldOut' | 'notSold';
export const optionWords: Record<Exclude<OptionState, 'onSale'>, string> = { soldOut: 'Sold out', notSold: 'Not sold' };

/** The variants that agree with the choice (a choice not made yet agrees with any). */
const agreeing = <V extends Sold>(variants: readonly V[], pick: VariantPick) =>
  variants.filter(
    (v) =>
      (pick.colorId === null || v.colorId === pick.colorId) &&
      Object.values(pick.values).every((id) => v.productAttributeValueId.includes(id)),
  );

/**
 * How choosing this colour (`attributeId` null) or this value of the attribute would stand, the shopper's
 * other choices kept: not sold when no variant has it with them, sold out when none of those has stock.
 */
export function optionState(variants: readonly Sold[], pick: VariantPick, attributeId: number | null, id: number): OptionState {
  const next: VariantPick = attributeId === null ? { ...pick, colorId: id } : { ...pick, values: { ...pick.values, [attributeId]: id } };
  const matching = agreeing(variants, next);
  if (!matching.length) return 'notSold';
  return matching.some((v) => v.productQuantity > 0) ? 'onSale' : 'soldOut';
}

/** The variant the choice names once it is whole (a colour when the product has colours, a value of each attribute). */
export function chosenVariant<V extends Sold>(
  variants: readonly V[],
  pick: VariantPick,
  hasColours: boolean,
  attributes: number,
): V | null {
  if ((hasColours && pick.colorId === null) || Object.keys(pick.values).length < attributes) return null;
  return agreeing(variants, pick).find((v) => v.productAttributeValueId.length === Object.keys(pick.values).length) ?? null;
}
