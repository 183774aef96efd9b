import type { TillCatalogue } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { rawRows } from '../../platform/queries.ts';
import { cursorOf, parseCursor, settledCursor } from './copy-cursor.ts';

interface Row {
  id: number;
  name: string;
  sku: string;
  price: string;
  vat: string | null;
  discount: { type: 'percentage' | 'flat'; value: number; startDate: string; endDate: string } | null;
  quantity: number;
  on_sale: boolean;
  variants:
    | { id: number; sku: string; barcode: string | null; price: number | null; quantity: number; onSale: boolean; label: string }[]
    | null;
  at: string;
}

/**
 * GET till/catalogue?after=&count= (issue 33): the products changed after the cursor, oldest change first, each
 * with what a till needs to search, scan and price it offline (its discount with its dates, VAT, its variants with
 * their codes, prices, stock and labels). A change of price comes by its product's change time, a discount's or a
 * VAT rate's by its products' (they are stamped with it); stock comes by `till/stock`. One statement, by the (updated_at, id) index: a till of 100,000
 * products loads them once, then only what changed. A product no longer sold comes with `onSale` false.
 */
export async function tillCatalogue(db: DbOrTx, query: { after?: string; count: number }): Promise<TillCatalogue> {
  const from = parseCursor(query.after);
  const rows = await rawRows<Row>(
    db,
    sql`select p.id, p.name, p.sku, p.product_sale_price::text as price, v.percentage::text as vat,
        case when d.id is not null and d.status then json_build_object('type', d.type, 'value', d.value,
          'startDate', to_char(d.start_date, 'YYYY-MM-DD'), 'endDate', to_char(d.end_date, 'YYYY-MM-DD')) end as discount,
        p.product_quantity as quantity, p.status as on_sale, p.updated_at::text as at,
        case when p.has_variants then (select json_agg(json_build_object('id', x.id, 'sku', x.sku, 'barcode', x.barcode,
            'price', x.product_sale_price, 'quantity', x.product_quantity, 'onSale', x.status,
            'label', concat_ws(' / ', c.name, (select string_agg(av.name, ' / ' order by av.product_attribute_id)
              from product_attribute_value av where av.id = any(x.attribute_value_ids)))) order by x.id)
          from product_variant x left join colors c on c.id = x.color_id where x.product_id = p.id) end as variants
      from product p
      left join product_vat v on v.id = p.product_vat_id
      left join discount d on d.id = p.discount_id
      where ${from ? sql`(p.updated_at, p.id) > (${from.at}::timestamptz, ${from.id}::int)` : sql`true`}
      order by p.updated_at, p.id limit ${query.count + 1}`,
  );
  const page = rows.slice(0, query.count);
  const more = rows.length > query.count;
  const last = page.at(-1);
  return {
    products: page.map((r) => ({
      id: Number(r.id),
      name: r.name,
      sku: r.sku,
      productSalePrice: Number(r.price),
      vatPercentage: Number(r.vat ?? 0),
      discount: r.discount ? { ...r.discount, value: Number(r.discount.value) } : null,
      productQuantity: Number(r.quantity),
      onSale: r.on_sale,
      variants: (r.variants ?? []).map((x) => ({
        id: Number(x.id),
        sku: x.sku,
        barcode: x.barcode,
        productSalePrice: x.price === null ? null : Number(x.price),
        productQuantity: Number(x.quantity),
        onSale: x.onSale,
        label: x.label,
      })),
    })),
    cursor: last ? (more ? cursorOf(last.at, Number(last.id)) : await settledCursor(db, last.at, Number(last.id))) : (query.after ?? ''),
    more,
  };
}
