import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';

/** A variant a document's line names, with what the stock room keeps of it. */
export interface LineVariant {
  id: number;
  productId: number;
  sku: string;
  status: boolean;
  quantity: number;
  /** Average cost, money. */
  cost: number;
}

/**
 * The variants a document's lines name, each checked against its line's product: a product with variants
 * needs one of its own, a product without takes none (400 naming the line's `productVariantId`). Read
 * after the products are locked: every move of a variant locks its product first, so these figures stand.
 */
export async function variantsOfLines(
  tx: DbOrTx,
  lines: readonly { productId: number; productVariantId?: number | null }[],
  products: ReadonlyMap<number, { name: string; hasVariants: boolean }>,
  field: (index: number) => string,
): Promise<Map<number, LineVariant>> {
  const ids = lines.flatMap((l) => (l.productVariantId == null ? [] : [l.productVariantId]));
  const rows = ids.length
    ? await rawRows<{ id: number; product_id: number; sku: string; status: boolean; quantity: number; cost: string }>(
        tx,
        sql`select id, product_id, sku, status, product_quantity as quantity, product_purchase_price::text as cost
          from product_variant where id = any(${`{${ids.join(',')}}`}::int[])`,
      )
    : [];
  const found = new Map(
    rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        productId: Number(r.product_id),
        sku: r.sku,
        status: r.status,
        quantity: Number(r.quantity),
        cost: Number(r.cost),
      },
    ]),
  );
  lines.forEach((line, index) => {
    const owner = products.get(line.productId);
    if (!owner) return;
    if (line.productVariantId == null) {
      if (owner.hasVariants) throw fieldError(field(index), `is required: ${owner.name} is sold by its variants`);
      return;
    }
    if (found.get(line.productVariantId)?.productId !== line.productId) throw fieldError(field(index), `is not a variant of ${owner.name}`);
  });
  return found;
}
