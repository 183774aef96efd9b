import type { ProductRow, ProductVariant } from '@tillbook/contract';
import { Select } from 'antd';

/** A document line's variant: the product's variants (absent for a product without), the one chosen. */
export interface LineVariant {
  variants?: ProductVariant[];
  variantId: number | null;
}

/** The variant part of a new line from the finder's row: the scanned variant chosen, else none yet. */
export const lineVariantOf = (row: Pick<ProductRow, 'hasVariants' | 'variants' | 'scannedVariantId'>): LineVariant =>
  row.hasVariants === 'true' ? { variants: row.variants ?? [], variantId: row.scannedVariantId ?? null } : { variantId: null };

/** The line's stock: its variant's when it names one. */
export const lineStock = (line: LineVariant & { productQuantity: number }) =>
  line.variants?.find((v) => v.id === line.variantId)?.productQuantity ?? line.productQuantity;

/** The first line of a product sold by variants that names none (the server refuses it). */
export const lineWithoutVariant = <L extends LineVariant>(lines: readonly L[]) => lines.find((l) => l.variants && !l.variantId);

/** The body's variant of a line. */
export const variantField = (line: LineVariant) => (line.variantId ? { productVariantId: line.variantId } : {});

/** Which variant a line is of (its SKU and stock), for a product sold by variants; nothing for another product. */
export function VariantSelect({ line, name, onChange }: { line: LineVariant; name: string; onChange: (variantId: number) => void }) {
  if (!line.variants) return null;
  return (
    <Select
      aria-label={`Variant of ${name}`}
      placeholder="Choose the variant"
      status={line.variantId ? undefined : 'warning'}
      value={line.variantId ?? undefined}
      onChange={onChange}
      style={{ minWidth: 180 }}
      popupMatchSelectWidth={false}
      showSearch={{ optionFilterProp: 'label' }}
      options={line.variants.map((v) => ({ value: v.id, label: `${v.sku} (${v.productQuantity} in stock)` }))}
    />
  );
}
