/**
 * The limit's SQL: the best statement we can write by hand for each answer, each built as JSON text by
 * the database itself (one round trip per request, nothing parsed or re-serialized in Node).
 */

/** The public product, priced as `unitPrice` prices it: the day's discount off, then VAT, each rounded to the cent. */
export const publicJoins = `left join product_sub_category sc on sc.id = p.product_sub_category_id
  left join product_brand b on b.id = p.product_brand_id
  left join product_vat v on v.id = p.product_vat_id
  left join discount d on d.id = p.discount_id and d.status
  cross join lateral (select coalesce(d.start_date <= current_date and d.end_date >= current_date, false) as active) a
  cross join lateral (select case when a.active then greatest(0, least(p.product_sale_price, case when d.type = 'percentage'
      then round(p.product_sale_price * d.value / 100, 2) else d.value end)) else 0 end as off) o
  cross join lateral (select (p.product_sale_price - o.off) + round((p.product_sale_price - o.off) * coalesce(v.percentage, 0) / 100, 2) as final) x`;
export const publicFrom = `product p ${publicJoins}`;

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The bench's products have no image, so the image URLs are null (as the app's imageUrls answers). */
export const publicJson = `json_build_object('id', p.id, 'name', p.name, 'sku', p.sku, 'description', p.description,
  'productThumbnailImageUrl', null, 'productImageUrl', null, 'productThumbnailImage', null,
  'productSubCategoryId', p.product_sub_category_id, 'productSubCategoryName', sc.name, 'productCategoryId', sc.product_category_id,
  'productBrandId', p.product_brand_id, 'productBrandName', b.name, 'productQuantity', p.product_quantity,
  'productSalePrice', p.product_sale_price::float8, 'productVatId', p.product_vat_id, 'vatPercentage', coalesce(v.percentage, 0)::float8,
  'productSalePriceWithVat', (p.product_sale_price + round(p.product_sale_price * coalesce(v.percentage, 0) / 100, 2))::float8,
  'discountId', p.discount_id,
  'discount', case when a.active then json_build_object('type', d.type, 'value', d.value::float8, 'startDate', d.start_date, 'endDate', d.end_date) end,
  'finalPriceWithVat', x.final::float8, 'createdAt', ${iso('p.created_at')})`;

/**
 * Issue 32: a product's variants on sale (rows `x`), each with what a shopper pays for it (`vf.final`): its own
 * price or the product's, the product's discount, VAT. Inside a query over `publicFrom` (it names p, a, d and v).
 */
const variantsOnSale = `product_variant x
  cross join lateral (select coalesce(x.product_sale_price, p.product_sale_price) as price) vp
  cross join lateral (select case when a.active then greatest(0, least(vp.price, case when d.type = 'percentage'
      then round(vp.price * d.value / 100, 2) else d.value end)) else 0 end as off) vo
  cross join lateral (select (vp.price - vo.off) + round((vp.price - vo.off) * coalesce(v.percentage, 0) / 100, 2) as final) vf
  where x.product_id = p.id and x.status`;

/** The list's row: the public fields, and "from $x" for a product whose variants are priced apart (when the schema has variants). */
const listRowJson = (variants: boolean) =>
  variants
    ? `(${publicJson}::jsonb || case when p.has_variants then coalesce((select jsonb_build_object('priceFrom', min(vf.final)::float8)
        from ${variantsOnSale} having min(vf.final) <> max(vf.final)), '{}') else '{}' end)`
    : publicJson;

/**
 * A page of the public list and its total, as `{getAllProduct, totalProduct}` text. The page's ids
 * are found first (the rows an offset skips are never turned into JSON), then only they are built.
 */
export function publicListSql(where: string, priced: boolean, limit: number, offset: number, variants = false): string {
  const from = priced ? publicFrom : 'product p';
  const agg = variants ? 'jsonb_agg' : 'json_agg';
  return `with k as (select p.id, p.created_at from ${from} where ${where} order by p.created_at desc, p.id desc limit ${limit} offset ${offset})
    select '{"getAllProduct":' || (select coalesce(${agg}(${listRowJson(variants)} order by k.created_at desc, k.id desc), '[]')::text
      from k join product p on p.id = k.id ${publicJoins})
    || ',"totalProduct":' || (select count(*) from ${from} where ${where}) || '}' as body`;
}

/** The variants on sale of a product sold by them, as the product's page lists them (issue 32). */
const variantsJson = `case when p.has_variants then jsonb_build_object('variants', (select coalesce(jsonb_agg(jsonb_build_object(
    'id', x.id, 'status', x.status, 'productId', x.product_id, 'colorId', x.color_id, 'productAttributeValueId', x.attribute_value_ids,
    'sku', x.sku, 'barcode', x.barcode, 'productQuantity', x.product_quantity, 'reorderQuantity', x.reorder_quantity,
    'productSalePrice', x.product_sale_price::float8, 'finalPriceWithVat', vf.final::float8) order by x.id), '[]')
  from ${variantsOnSale})) else '{}' end`;

/** The public product page: the list's fields, its gallery, colours and attribute values; its variants when the schema has them. */
export const publicProductSql = (
  variants: boolean,
) => `select (${publicJson}::jsonb ${variants ? `|| ${variantsJson}` : ''} || jsonb_build_object(
    'images', (select coalesce(jsonb_agg(jsonb_build_object('id', i.id, 'position', i.position, 'imageName', i.image_name) order by i.position, i.id), '[]')
      from product_image i where i.product_id = p.id and i.status),
    'colors', (select coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'name', c.name, 'colorCode', c.color_code) order by c.name), '[]')
      from product_color pc join colors c on c.id = pc.color_id where pc.product_id = p.id),
    'productAttributeValues', (select coalesce(jsonb_agg(jsonb_build_object('id', av.id, 'name', av.name, 'productAttributeId', pa.id,
        'productAttributeName', pa.name) order by pa.name, av.name), '[]')
      from product_product_attribute_value ppv join product_attribute_value av on av.id = ppv.product_attribute_value_id
      join product_attribute pa on pa.id = av.product_attribute_id where ppv.product_id = p.id)))::text as body
  from ${publicFrom} where p.id = $1 and p.status`;

/** The storefront's category tree: active categories by name, each with its active sub-categories by name. */
export const categoryTreeSql = `select '{"getAllProductCategory":' || coalesce((select json_agg(json_build_object('id', c.id, 'status', c.status,
    'createdAt', ${iso('c.created_at')}, 'updatedAt', ${iso('c.updated_at')}, 'name', c.name,
    'productSubCategory', (select coalesce(json_agg(json_build_object('id', s.id, 'status', s.status, 'createdAt', ${iso('s.created_at')},
        'updatedAt', ${iso('s.updated_at')}, 'name', s.name, 'productCategoryId', s.product_category_id) order by s.name, s.id), '[]')
      from product_sub_category s where s.product_category_id = c.id and s.status)) order by c.name, c.id)::text
    from product_category c where c.status), '[]') || ',"totalProductCategory":' || (select count(*) from product_category where status) || '}' as body`;

/** The staff list's row: the product's columns, its names and the low-stock flag. */
const staffJson = `json_build_object('id', p.id, 'status', p.status, 'createdAt', ${iso('p.created_at')}, 'updatedAt', ${iso('p.updated_at')},
  'name', p.name, 'sku', p.sku, 'description', p.description, 'productThumbnailImage', p.product_thumbnail_image,
  'productSubCategoryId', p.product_sub_category_id, 'productBrandId', p.product_brand_id, 'productQuantity', p.product_quantity,
  'reorderQuantity', p.reorder_quantity, 'productSalePrice', p.product_sale_price::float8, 'productPurchasePrice', p.product_purchase_price::float8,
  'uomId', p.uom_id, 'uomValue', p.uom_value::float8, 'productVatId', p.product_vat_id, 'discountId', p.discount_id,
  'productSubCategoryName', sc.name, 'productCategoryId', sc.product_category_id, 'productBrandName', b.name, 'vatPercentage', v.percentage::float8,
  'productThumbnailImageUrl', null, 'productImageUrl', null, 'lowStock', p.product_quantity <= p.reorder_quantity)`;

/** A page of the staff list (newest first), as `{getAllProduct, totalProduct}` text: the ids first, then their JSON. */
export function staffListSql(where: string, limit: number, offset: number): string {
  return `with k as (select p.id, p.created_at from product p where ${where} order by p.created_at desc, p.id desc limit ${limit} offset ${offset})
    select '{"getAllProduct":' || (select coalesce(json_agg(${staffJson} order by k.created_at desc, k.id desc), '[]')::text
      from k join product p on p.id = k.id
        left join product_sub_category sc on sc.id = p.product_sub_category_id
        left join product_brand b on b.id = p.product_brand_id
        left join product_vat v on v.id = p.product_vat_id)
    || ',"totalProduct":' || (select count(*) from product p where ${where}) || '}' as body`;
}

/**
 * A complete till sale in one statement (so one transaction): the stock taken off each product (never
 * below zero), the lines priced as the app prices them (the day's discount, VAT per line on the net),
 * the invoice with its totals and profit at average cost, a stock movement per line and the postings
 * of reference 3.3 (cost of sales, sales, VAT per rate, the payment). As the app's sale, it is numbered from the sale series
 * at its commit (migration 0028's trigger), which also seals it in the sales journal (0038), and the audit triggers log it
 * as they log the app's: the limit does the same writes, its own figures aside. $1 product ids, $2 quantities,
 * $3 customer, $4 user, $5..$9 the sub-accounts (cost of sales, inventory, receivable, sales, tax),
 * $10 the payment method's sub-account.
 */
export const saleSql = saleStatement(false);

/**
 * The same sale in a till session (issue 31), with the app's session bookkeeping: the open session share-locked
 * ($11; none open: no sale), the invoice and every posting tagged with it, the cash into its till's drawer and
 * the payment's method named ($12).
 */
export const saleInSessionSql = saleStatement(true);

function saleStatement(inSession: boolean): string {
  const ses = inSession
    ? `ses as (select s.id, t.sub_account_id as drawer from till_session s join till t on t.id = s.till_id
      where s.id = $11::int and s.state = 'OPEN' for share of s),`
    : '';
  const sessionColumn = inSession ? ', till_session_id' : '';
  const sessionValue = inSession ? ', (select id from ses)' : '';
  const paidInto = inSession ? 'coalesce((select drawer from ses), $10::int)' : '$10';
  const methodColumn = inSession ? ', payment_method_id' : '';
  return `with ${ses} l(pid, q) as (select * from unnest($1::int[], $2::int[])),
  upd as (update product p set product_quantity = p.product_quantity - l.q, updated_at = now() from l
    where p.id = l.pid and p.status and p.product_quantity >= l.q${inSession ? ' and exists (select 1 from ses)' : ''}
    returning p.id, l.q, p.product_sale_price as price, p.product_purchase_price as cost, p.product_vat_id, p.discount_id),
  priced as (select u.id, u.q, u.cost, coalesce(v.percentage, 0) as rate, u.price - case when d.id is not null and d.start_date <= current_date
      and d.end_date >= current_date then greatest(0, least(u.price, case when d.type = 'percentage' then round(u.price * d.value / 100, 2)
      else d.value end)) else 0 end as unit
    from upd u left join product_vat v on v.id = u.product_vat_id left join discount d on d.id = u.discount_id and d.status),
  lines as (select id, q, cost, rate, unit, unit * q as net, round(unit * q * rate / 100, 2) as vat from priced),
  tot as (select sum(net) as net, sum(vat) as vat, sum(cost * q) as cost, count(*) as n from lines),
  rid as (select nextval(pg_get_serial_sequence('sale_invoice', 'id'))::int as id from tot where n = cardinality($1::int[])),
  inv as (insert into sale_invoice (id, date, state, customer_id, user_id, total_amount, total_tax_amount, total_discount_amount, profit, number${sessionColumn})
    overriding system value
    select rid.id, current_date, 'completed', $3, $4, net, vat, 0, net - cost, -rid.id${sessionValue} from tot, rid returning id, number),
  mv as (insert into stock_movement (product_id, quantity, reason, document_type, document_id, unit_cost, user_id)
    select l.id, -l.q, 'sale', 'saleInvoice', inv.id::text, l.cost, $4 from lines l, inv),
  li as (insert into sale_invoice_product (invoice_id, product_id, product_quantity, product_unit_sale_price, product_discount,
      product_final_amount, tax, tax_amount, unit_cost)
    select inv.id, l.id, l.q, l.unit, 0, l.net, l.rate, l.vat, l.cost from lines l, inv),
  led as (insert into "transaction" (date, debit_id, credit_id, particulars, amount, type, related_id, vat_rate${sessionColumn}${methodColumn})
    select current_date, e.dr, e.cr, 'Sale #{number}: ' || e.what, e.amount, 'sale', inv.id::text, e.rate${sessionValue}${inSession ? ', e.method' : ''} from inv, (
      select $5::int as dr, $6::int as cr, 'cost of goods sold' as what, tot.cost as amount, null::numeric as rate, null::int as method from tot
      union all select $7, $8, 'sales', tot.net, null, null from tot
      union all select $7, $9, 'VAT ' || rate || ' %', sum(vat), rate, null from lines group by rate
      union all select ${paidInto}, $7, 'paid', tot.net + tot.vat, null, ${inSession ? '$12::int' : 'null'} from tot) e where e.amount > 0)
  select '{"createdInvoice":{"id":' || inv.id || ',"totalAmount":' || tot.net || ',"totalTaxAmount":' || tot.vat
    || ',"profit":' || (tot.net - tot.cost) || '}}' as body from inv, tot`;
}

/** What a sale wrote, for comparing the app's sale with the limit's: totals, lines, movements, postings. */
export const saleFactsSql = `select s.total_amount::float8 as "totalAmount", s.total_tax_amount::float8 as "totalTaxAmount", s.profit::float8 as profit,
    (select count(*)::int from sale_invoice_product where invoice_id = s.id) as lines,
    (select count(*)::int from stock_movement where document_type = 'saleInvoice' and document_id = s.id::text) as movements,
    (select count(*)::int from "transaction" where type = 'sale' and related_id = s.id::text) as postings,
    (select sum(amount)::float8 from "transaction" where type = 'sale' and related_id = s.id::text) as posted
  from sale_invoice s where s.id = $1`;

/**
 * A till scan of a variant's SKU or barcode (issue 32), asked when the search found no product: its product as
 * the staff list shows it, naming the variant scanned, with its variants and their stock; null for no variant.
 */
export const variantScanSql = `select '{"getAllProduct":[' || (${staffJson}::jsonb || jsonb_build_object('scannedVariantId', s.id,
    'variants', (select jsonb_agg(jsonb_build_object('id', x.id, 'sku', x.sku, 'barcode', x.barcode, 'colorId', x.color_id,
      'productQuantity', x.product_quantity, 'status', x.status) order by x.id) from product_variant x where x.product_id = p.id)))::text
    || '],"totalProduct":1}' as body
  from product_variant s join product p on p.id = s.product_id
    left join product_sub_category sc on sc.id = p.product_sub_category_id
    left join product_brand b on b.id = p.product_brand_id
    left join product_vat v on v.id = p.product_vat_id
  where s.sku = $1 or s.barcode = $1 limit 1`;

/**
 * A till search (`query=search&key=`, no sort, the products on sale), as `{getAllProduct, totalProduct}`
 * text: the product whose SKU is the key (`$1`) first, then the page's other matches newest first, and
 * their total. A common key finds its page by walking the newest-first index a bounded way (`walk`
 * products, 100 per row needed, at most 10,000); otherwise every match is read by the search column's
 * trigram index and sorted. The total is the page's own count when the page is neither empty nor full,
 * else counted (from the matches when they were read). Branches whose condition is false at the start
 * (and `case` branches not taken) are never run, so each request pays for one of the two ways only.
 */
export function tillSearchSql(where: string, limit: number, offset: number, narrow?: string): string {
  const needed = offset + limit;
  const walk = Math.min(10_000, needed * 100);
  const walked = `(select count(*) from recent) = ${needed}`;
  // with only the status and the key asked (\`narrow\`, on product_search s), the matches and their count come from the narrow copy
  const matches = narrow
    ? `select s.product_id as id, s.created_at, case when s.product_id = (select id from product where sku = $1) then 0 else 1 end as rank from product_search s where ${narrow}`
    : `select p.id, p.created_at, case when p.sku = $1 then 0 else 1 end as rank from product p where ${where}`;
  const counted = narrow ? `(select count(*) from product_search s where ${narrow})` : `(select count(*) from product p where ${where})`;
  return `with matches as (${matches}),
    recent as (select p.id, p.created_at from (select * from product where status order by created_at desc, id desc limit ${walk}) p
      where ${where} and p.sku <> $1 order by p.created_at desc, p.id desc limit ${needed}),
    hits as ((select * from ((select p.id, p.created_at, 0 as rank from product p where ${where} and p.sku = $1)
        union all select id, created_at, 1 from recent) w where ${walked})
      union all (select id, created_at, rank from matches where not ${walked})
      order by rank, created_at desc, id desc limit ${limit} offset ${offset})
    select '{"getAllProduct":' || (select coalesce(json_agg(${staffJson} order by h.rank, h.created_at desc, h.id desc), '[]')::text
      from hits h join product p on p.id = h.id
        left join product_sub_category sc on sc.id = p.product_sub_category_id
        left join product_brand b on b.id = p.product_brand_id
        left join product_vat v on v.id = p.product_vat_id)
    || ',"totalProduct":' || case when (select count(*) from hits) between 1 and ${limit - 1} then ${offset} + (select count(*) from hits)
      when ${walked} then ${counted} else (select count(*) from matches) end || '}' as body`;
}
