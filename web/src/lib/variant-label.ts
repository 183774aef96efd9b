/**
 * A variant's name as people say it: its colour, then its attribute values in the order the product lists
 * them ("Red / M"). Shared by the till, the staff product page and the storefront (zod-free, tiny).
 */
export interface VariantNames {
  colors: readonly { id: number; name: string }[];
  productAttributeValues: readonly { id: number; name: string }[];
}

export function variantLabel(variant: { colorId: number | null; productAttributeValueId: readonly number[] }, names: VariantNames): string {
  const colour = names.colors.find((c) => c.id === variant.colorId)?.name;
  const values = names.productAttributeValues.filter((v) => variant.productAttributeValueId.includes(v.id)).map((v) => v.name);
  const known = new Set(names.productAttributeValues.map((v) => v.id));
  const unknown = variant.productAttributeValueId.filter((id) => !known.has(id)).map((id) => `#${id}`);
  return [...(colour ? [colour] : variant.colorId ? [`#${variant.colorId}`] : []), ...values, ...unknown].join(' / ') || 'Standard';
}
