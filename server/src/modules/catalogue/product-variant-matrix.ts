import { maxMatrixVariants, type ProductVariantMatrixInput, type productVariantEndpoints } from '@tillbook/contract';
import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db.ts';
import { implement } from '../../platform/endpoint-route.ts';
import { fieldError } from '../../platform/errors.ts';
import { rawRows } from '../../platform/queries.ts';
import type { Resource } from '../../platform/resource-factory.ts';
import type { RouteDef } from '../../platform/route.ts';
import { productVariant } from '../../schema/index.ts';
import { attributeValuesOf, lockProduct, markHasVariants } from './product-variant.ts';
import { variantsOf } from './variant-read.ts';

type Value = { id: number; name: string };

/** Every pick of one value from each list (none when a list is empty: it is left out). */
export function combinations(lists: readonly (readonly Value[])[]): Value[][] {
  return lists.filter((l) => l.length).reduce<Value[][]>((acc, list) => acc.flatMap((picked) => list.map((v) => [...picked, v])), [[]]);
}

/** A SKU part from a name: upper case, letters and digits, dashes between words. */
const skuPart = (name: string) =>
  name
    .trim()
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The codes some product or variant already answers to, among these. */
async function codesTaken(tx: DbOrTx, codes: readonly string[]): Promise<Set<string>> {
  const lowered = sql`(select jsonb_array_elements_text(${JSON.stringify(codes.map((c) => c.toLowerCase()))}::jsonb))`;
  const rows = await rawRows<{ code: string }>(
    tx,
    sql`select lower(sku) as code from product where lower(sku) in ${lowered}
      union select lower(sku) from product_variant where lower(sku) in ${lowered}
      union select lower(barcode) from product_variant where lower(barcode) in ${lowered}`,
  );
  return new Set(rows.map((r) => r.code));
}

/**
 * Makes every combination of the colours and the lists of values that the product does not sell yet, in
 * one transaction under the product's lock: SKUs `<product SKU>-<colour>-<values>` (a number added when
 * taken), the colours and values added to the product's own, the product marked as selling by variants.
 */
export async function makeVariants(tx: DbOrTx, input: ProductVariantMatrixInput): Promise<number[]> {
  const owner = await lockProduct(tx, input.productId);
  const colours = input.colorId.length
    ? await rawRows<Value>(tx, sql`select id, name from colors where id = any(${`{${input.colorId.join(',')}}`}::int[]) order by id`)
    : [];
  if (colours.length < input.colorId.length) throw fieldError('colorId', 'holds a colour that does not exist');
  const lists: Value[][] = [];
  const attributes = new Set<number>();
  for (const [i, ids] of input.productAttributeValueId.entries()) {
    const values = await attributeValuesOf(tx, ids, `productAttributeValueId.${i}`, false);
    if (values[0] && attributes.has(values[0].attributeId))
      throw fieldError(`productAttributeValueId.${i}`, 'holds values of an attribute another list holds');
    if (values[0]) attributes.add(values[0].attributeId);
    lists.push(values);
  }
  const picks = combinations(lists);
  const all = (colours.length ? colours : [null]).flatMap((colour) => picks.map((values) => ({ colour, values })));
  if (all.length === 1 && !all[0]!.colour && !all[0]!.values.length)
    throw fieldError('productAttributeValueId', 'needs at least one colour or one list of values');
  if (all.length > maxMatrixVariants)
    throw fieldError('productAttributeValueId', `makes ${all.length} variants: at most ${maxMatrixVariants} at once`);
  const made = await rawRows<{ key: string }>(
    tx,
    sql`select coalesce(color_id, 0) || '/' || attribute_key as key from product_variant where product_id = ${owner.id}`,
  );
  const existing = new Set(made.map((r) => r.key));
  const keyOf = (c: Value | null, values: Value[]) =>
    `${c?.id ?? 0}/${values
      .map((v) => v.id)
      .sort((a, b) => a - b)
      .join(',')}`;
  const fresh = all.filter((v) => !existing.has(keyOf(v.colour, v.values)));
  if (!fresh.length) return [];
  const skus = fresh.map((v) =>
    [owner.sku, v.colour?.name, ...v.values.map((x) => x.name)].filter(Boolean).map(String).map(skuPart).join('-'),
  );
  const taken = await codesTaken(tx, skus);
  const unique = skus.map((sku) => {
    let candidate = sku;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${sku}-${n}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
  const rows = await tx
    .insert(productVariant)
    .values(
      fresh.map((v, i) => {
        const ids = v.values.map((x) => x.id).sort((a, b) => a - b);
        return { productId: owner.id, colorId: v.colour?.id ?? null, attributeValueIds: ids, attributeKey: ids.join(','), sku: unique[i]! };
      }),
    )
    .returning({ id: productVariant.id });
  const colourIds = [...new Set(fresh.flatMap((v) => (v.colour ? [v.colour.id] : [])))];
  const valueIds = [...new Set(fresh.flatMap((v) => v.values.map((x) => x.id)))];
  if (colourIds.length)
    await tx.execute(
      sql`insert into product_color (product_id, color_id) select ${owner.id}, unnest(${`{${colourIds.join(',')}}`}::int[]) on conflict do nothing`,
    );
  if (valueIds.length)
    await tx.execute(
      sql`insert into product_product_attribute_value (product_id, product_attribute_value_id)
        select ${owner.id}, unnest(${`{${valueIds.join(',')}}`}::int[]) on conflict do nothing`,
    );
  await markHasVariants(tx, owner.id);
  return rows.map((r) => r.id);
}

/** POST product-variant/matrix: the variants made, as the list answers them. */
export function makeMatrix(ctx: AppContext, endpoint: typeof productVariantEndpoints.matrix, _resource: Resource): RouteDef {
  return implement(ctx, endpoint, async ({ body, req }) => {
    const ids = await req.db.transaction((tx) => makeVariants(tx, body));
    const rows = await variantsOf(ctx.db, [body.productId], undefined, ids.length ? inArray(productVariant.id, ids) : sql`false`);
    return { getAllProductVariant: rows, totalProductVariant: rows.length } as never;
  });
}
