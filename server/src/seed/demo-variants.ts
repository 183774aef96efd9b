import { sql } from 'drizzle-orm';
import { makeVariants } from '../modules/catalogue/index.ts';
import { shareOut } from '../modules/inventory/index.ts';
import type { Clock } from '../platform/clock.ts';
import type { Tx } from '../platform/db.ts';
import { rawRows } from '../platform/queries.ts';

/** The demo product sold by variants: the laptop sleeve in each of its colours and sizes. */
const sleeveSku = 'DEMO-SLEEVE';

/**
 * Issue 32: the demo's Laptop Sleeve sells by variants (Black and Red, in S, M and L), made from the matrix of
 * its colours and sizes, its stock shared out to them in one adjustment by the owner, so that the storefront
 * offers a colour and a size and the till scans a variant's SKU from the first start.
 */
export async function seedDemoVariants(tx: Tx, clock: Clock): Promise<void> {
  const [sleeve] = await rawRows<{ id: number; quantity: number; colours: number[] | null; sizes: number[] | null; owner: number | null }>(
    tx,
    sql`select p.id, p.product_quantity as quantity,
        (select array_agg(c.color_id order by c.color_id) from product_color c where c.product_id = p.id) as colours,
        (select array_agg(a.product_attribute_value_id order by a.product_attribute_value_id)
          from product_product_attribute_value a where a.product_id = p.id) as sizes,
        (select u.id from users u join role r on r.id = u.role_id where r.name = 'super-admin' order by u.id limit 1) as owner
      from product p where p.sku = ${sleeveSku} and not p.has_variants`,
  );
  if (!sleeve?.colours?.length || !sleeve.sizes?.length || !sleeve.owner) return;
  const made = await makeVariants(tx, { productId: sleeve.id, colorId: sleeve.colours, productAttributeValueId: [sleeve.sizes] });
  if (!made.length || sleeve.quantity <= 0) return;
  // the stock goes round the variants, one at a time, so every colour and size has some
  const share = made.map((id, i) => ({
    productVariantId: id,
    quantity: Math.floor(sleeve.quantity / made.length) + (i < sleeve.quantity % made.length ? 1 : 0),
  }));
  await shareOut(
    tx,
    { productId: sleeve.id, share: share.filter((s) => s.quantity > 0), note: 'Demo: stock shared out to the sizes' },
    Number(sleeve.owner),
    clock,
  );
}
