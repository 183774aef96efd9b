/**
 * The bench's data, generated in SQL (`generate_series`), valid for the app: the catalogue's names
 * (categories, sub-categories, brands, colours, discounts), products with colours, and the ledger of
 * two years of a shop. Each function takes the raw SQL runner of the database under test.
 */
import type { RawSql } from './raw-sql.ts';

/** Words the product names are made of, so a search by name finds some products and not all. */
export const nameWords = ['Mug', 'Shirt', 'Lamp', 'Chair', 'Kettle', 'Scarf', 'Bottle', 'Candle', 'Towel', 'Basket', 'Pillow', 'Apron'];
export const colourWords = ['Red', 'Teal', 'Olive', 'Amber', 'Navy', 'Ivory', 'Plum', 'Slate', 'Coral', 'Sand', 'Moss', 'Rust', 'Mint'];
export const skuOf = (i: number) => `SKU-${String(i).padStart(7, '0')}`;

const words = (list: string[]) => `array[${list.map((w) => `'${w}'`).join(', ')}]`;

/** 20 categories of 5 sub-categories, 50 brands, 30 colours, 12 discounts (two of them over). */
export async function catalogueNames(sql: RawSql): Promise<void> {
  await sql(`insert into product_category (name) select 'Category ' || i from generate_series(1, 20) i`);
  await sql(
    `insert into product_sub_category (name, product_category_id)
     select 'Sub-category ' || c.id || '.' || j, c.id from product_category c cross join generate_series(1, 5) j`,
  );
  await sql(`insert into product_brand (name) select 'Brand ' || i from generate_series(1, 50) i`);
  await sql(
    `insert into colors (name, color_code) select 'Colour ' || i, '#' || lpad(to_hex(i * 80000), 6, '0') from generate_series(1, 30) i`,
  );
  await sql(
    `insert into discount (name, type, value, start_date, end_date)
     select 'Discount ' || i, case when i % 2 = 0 then 'percentage' else 'flat' end, case when i % 2 = 0 then 5 + i else 1 + i / 4.0 end,
       current_date - 30, case when i > 10 then current_date - 1 else current_date + 365 end
     from generate_series(1, 12) i`,
  );
}

/**
 * Products `from`..`to` (inclusive), all on sale, with plenty of stock (the sale scenario sells them),
 * a sub-category, a brand, a VAT type on two in three, a discount on one in eight, one or two colours,
 * and distinct creation times (newest = highest number), so the default order is the same on every run.
 */
export async function products(sql: RawSql, from: number, to: number): Promise<void> {
  await sql(
    `with sc as (select array_agg(id order by id) a from product_sub_category),
       b as (select array_agg(id order by id) a from product_brand),
       v as (select array_agg(id order by id) a from product_vat),
       d as (select array_agg(id order by id) a from discount)
     insert into product (name, sku, description, product_sub_category_id, product_brand_id, product_quantity, reorder_quantity,
       product_sale_price, product_purchase_price, product_vat_id, discount_id, created_at)
     select (${words(nameWords)})[1 + i % ${nameWords.length}] || ' ' || (${words(colourWords)})[1 + (i / ${nameWords.length}) % ${colourWords.length}] || ' ' || i,
       'SKU-' || lpad(i::text, 7, '0'), 'A bench product', sc.a[1 + i % array_length(sc.a, 1)], b.a[1 + (i * 7) % array_length(b.a, 1)],
       1000000, 10, 1 + ((i * 37) % 20000) / 100.0, round((1 + ((i * 37) % 20000) / 100.0) * 0.6, 2),
       case when i % 3 = 0 then null else v.a[1 + i % array_length(v.a, 1)] end,
       case when i % 8 = 0 then d.a[1 + (i / 8) % array_length(d.a, 1)] end,
       timestamptz '2026-01-01' + i * interval '1 minute'
     from generate_series(${from}, ${to}) i, sc, b, v, d`,
  );
  await sql(
    `with c as (select array_agg(id order by id) a from colors)
     insert into product_color (product_id, color_id)
     select p.id, c.a[1 + (p.id % array_length(c.a, 1))] from product p, c where p.sku between $1 and $2
     union all
     select p.id, c.a[1 + ((p.id + 7) % array_length(c.a, 1))] from product p, c where p.sku between $1 and $2 and p.id % 3 = 0`,
    [skuOf(from), skuOf(to)],
  );
  await sql('analyze');
}

/**
 * One product in five (numbers 5, 10, …) is sold by variants where the schema has them (`variantCatalogue`);
 * the bench's writers (the till's sales, the carts, the price changes) sell the others, the plain products,
 * on every schema alike. `plainProductId(f, k)` is the id of the k-th plain product (k taken modulo their
 * count), `plainIndexOf` its inverse.
 */
export const variantEvery = 5;
const plainCount = (products: number) => products - Math.floor(products / variantEvery);
export function plainProductId(f: { firstProductId: number; products: number }, k: number): number {
  const j = ((k % plainCount(f.products)) + plainCount(f.products)) % plainCount(f.products);
  return f.firstProductId + j + Math.floor(j / (variantEvery - 1));
}
export const plainIndexOf = (f: { firstProductId: number }, id: number) => {
  const index = id - f.firstProductId;
  return index - Math.floor((index + 1) / variantEvery);
};
/** `plainProductId` in SQL, for data made in the database: `k` an integer expression below the plain count. */
export const plainProductSql = (first: string, k: string) => `(${first} + (${k}) + (${k}) / ${variantEvery - 1})`;
export const plainProducts = plainCount;

/**
 * Issue 32: products `from`..`to` numbered a multiple of `variantEvery` sold by 5 variants, one per colour (the
 * product's colours become those 5), each with a fifth of the product's stock; one in two of them priced apart
 * (+0..4 on the product's price: the list shows "from $x"). Only on a schema with variants.
 */
export async function variantCatalogue(sql: RawSql, from: number, to: number): Promise<void> {
  if (!(await hasVariants(sql))) return;
  const range = `sku between $1 and $2 and substr(sku, 5)::int % ${variantEvery} = 0`;
  const colourOf = `(select a[1 + (p.id + 6 * k) % array_length(a, 1)] from (select array_agg(id order by id) a from colors) c)`;
  await sql(`update product set has_variants = true where ${range}`, [skuOf(from), skuOf(to)]);
  await sql(`delete from product_color where product_id in (select id from product where ${range})`, [skuOf(from), skuOf(to)]);
  await sql(
    `insert into product_color (product_id, color_id) select p.id, ${colourOf} from product p, generate_series(0, 4) k where ${range}`,
    [skuOf(from), skuOf(to)],
  );
  await sql(
    `insert into product_variant (product_id, color_id, sku, barcode, product_quantity, product_sale_price, product_purchase_price)
     select p.id, ${colourOf}, p.sku || '-' || (k + 1), '27' || lpad((substr(p.sku, 5)::int * 5 + k)::text, 11, '0'), 200000,
       case when substr(p.sku, 5)::int % ${2 * variantEvery} = 0 then p.product_sale_price + k end, p.product_purchase_price
     from product p, generate_series(0, 4) k where ${range}`,
    [skuOf(from), skuOf(to)],
  );
  await sql('analyze');
}

const hasVariants = async (sql: RawSql) =>
  ((await sql(`select to_regclass('product_variant') is not null as present`)) as [{ present: boolean }])[0].present;

/** The barcode of the bench's variant `k` (1..13): what a scanner reads off its label. */
export const variantBarcodeOf = (k: number) => `29${String(k).padStart(11, '0')}`;

/**
 * Issue 32: the product numbered `n` (the last of the grown catalogue, which no writer of the bench touches) sold
 * by variants, one per colour (13), each with its SKU, barcode and stock, the product's stock their sum. Only on
 * a schema with variants.
 */
export async function variantProduct(sql: RawSql, n: number): Promise<void> {
  if (!(await hasVariants(sql))) return;
  await sql(
    `with p as (update product set has_variants = true, product_quantity = 13000 where sku = $1 returning id),
       c as (select id, row_number() over (order by id) as k from colors)
     insert into product_variant (product_id, color_id, sku, barcode, product_quantity, product_purchase_price)
     select p.id, c.id, $1 || '-' || c.k, '29' || lpad(c.k::text, 11, '0'), 1000, 5 from p, c where c.k <= 13`,
    [skuOf(n)],
  );
}

/** The books' ledger: two years (730 days ending today) of sales, purchases and their postings. */
export async function ledger(sql: RawSql, rowsWanted: number): Promise<{ rows: number; seconds: number }> {
  const started = Date.now();
  const days = 730;
  const sales = 40_000;
  const purchases = 8_000;
  await sql(`insert into supplier (name, phone) values ('Bench Supplier', '+44 20 0000 0000')`);
  await sql(
    `insert into sale_invoice (date, state, customer_id, user_id, total_amount, total_tax_amount, total_discount_amount, profit)
     select current_date - (i % ${days}), case when i % 50 = 0 then 'deleted' else 'completed' end,
       (select min(id) from customer), (select min(id) from users),
       10 + (i % 400), round((10 + (i % 400)) * 0.1, 2), 0, round((10 + (i % 400)) * 0.3, 2)
     from generate_series(1, ${sales}) i`,
  );
  await sql(
    `insert into purchase_invoice (date, supplier_id, total_amount, total_tax, paid_amount, due_amount)
     select current_date - (i % ${days}), (select min(id) from supplier), 200 + (i % 900), round((200 + (i % 900)) * 0.15, 2),
       200 + (i % 900), round((200 + (i % 900)) * 0.15, 2)
     from generate_series(1, ${purchases}) i`,
  );
  // a realistic mix of postings: (debit, credit, type, VAT rate) picked in turn, per 20 rows
  const mix: [string, string, string, number | null][] = [
    ['costOfSales', 'inventory', 'sale', null],
    ['accountsReceivable', 'sales', 'sale', null],
    ['accountsReceivable', 'tax', 'sale', 10],
    ['accountsReceivable', 'tax', 'sale', 15],
    ['cash', 'accountsReceivable', 'sale', null],
    ['bank', 'accountsReceivable', 'sale', null],
    ['costOfSales', 'inventory', 'sale', null],
    ['accountsReceivable', 'sales', 'sale', null],
    ['accountsReceivable', 'tax', 'sale', 10],
    ['cash', 'accountsReceivable', 'sale', null],
    ['inventory', 'costOfSales', 'saleReturn', null],
    ['sales', 'accountsReceivable', 'saleReturn', null],
    ['inventory', 'accountsPayable', 'purchase', null],
    ['tax', 'accountsPayable', 'purchase', 15],
    ['accountsPayable', 'cash', 'purchase', null],
    ['accountsPayable', 'bank', 'purchase', null],
    ['accountsPayable', 'inventory', 'purchaseReturn', null],
    ['rent', 'cash', 'transaction', null],
    ['salary', 'bank', 'transaction', null],
    ['ownerWithdrawal', 'cash', 'transaction', null],
  ];
  const values = mix
    .map((_, i) => `(${i}, $${4 * i + 1}::text, $${4 * i + 2}::text, $${4 * i + 3}::text, $${4 * i + 4}::numeric)`)
    .join(', ');
  await sql(
    `with mix(k, dr, cr, type, rate) as (values ${values}),
       ids as (select system_key, id from sub_account where system_key is not null),
       m as (select mix.k, d.id as debit_id, c.id as credit_id, mix.type, mix.rate
         from mix join ids d on d.system_key = mix.dr join ids c on c.system_key = mix.cr),
       docs as (select (select min(id) from sale_invoice) as sale0, (select min(id) from purchase_invoice) as purchase0)
     insert into "transaction" (date, debit_id, credit_id, particulars, amount, type, related_id, vat_rate)
     select current_date - (i % ${days}), m.debit_id, m.credit_id, 'Bench posting', 1 + ((i::bigint * 7919) % 50000) / 100.0, m.type,
       case when m.type like 'sale%' then (docs.sale0 + i % ${sales})::text
            when m.type like 'purchase%' then (docs.purchase0 + i % ${purchases})::text end,
       m.rate
     from generate_series(1, ${rowsWanted}) i join m on m.k = i % ${mix.length} cross join docs`,
    mix.flat(),
  );
  await sql('vacuum analyze');
  const [counted] = await sql(`select count(*)::int as n from "transaction"`);
  return { rows: Number(counted!.n), seconds: (Date.now() - started) / 1000 };
}
