/**
 * The limit's SQL for the web shop (issue 20): the cart's add and change and the checkout, each one
 * statement (so one transaction, one round trip), priced as `unitPrice` prices a unit (the day's
 * discount off, then VAT on it, each rounded to the cent), and what an order wrote, for the check.
 */

/** The product `p` with its VAT `v` and its discount `d`. */
const priceJoins = `left join product_vat v on v.id = p.product_vat_id left join discount d on d.id = p.discount_id and d.status`;
/** One unit's discount, before VAT. */
const offSql = `case when d.id is not null and d.start_date <= current_date and d.end_date >= current_date
  then greatest(0, least(p.product_sale_price, case when d.type = 'percentage' then round(p.product_sale_price * d.value / 100, 2)
  else d.value end)) else 0 end`;
/** One unit as paid today: net + VAT on the net. */
const finalSql = `(p.product_sale_price - ${offSql}) + round((p.product_sale_price - ${offSql}) * coalesce(v.percentage, 0) / 100, 2)`;

/**
 * The cart as answered after a change: its lines (the changed one as `up` returned it) at today's
 * price, and the total. Needs the CTEs `c` (the cart's id) and `up` (id, product_id, product_quantity of
 * the line written); no row when nothing was written (not for sale, or past the stock).
 */
const cartAnswer = `, lines as (select cp.id, cp.product_id, cp.product_quantity from cart_product cp, c
      where cp.cart_id = c.id and cp.id not in (select id from up)
    union all select id, product_id, product_quantity from up),
  priced as (select l.id, l.product_id, l.product_quantity as q, ${finalSql} as unit from lines l join product p on p.id = l.product_id ${priceJoins})
  select '{"message":"success","cart":{"id":' || c.id || ',"totalAmount":' || (select sum(unit * q) from priced)
    || ',"cartProducts":' || (select json_agg(json_build_object('id', id, 'productId', product_id, 'productQuantity', q,
      'unitPrice', unit::float8, 'lineTotal', (unit * q)::float8) order by id) from priced)::text || '}}' as body
  from c where exists (select 1 from up)`;

/**
 * POST cart, one line of no colour and no attribute value: the shopper's cart (made on first use),
 * the line added to the one there, never past the product's stock. $1 customer, $2 product, $3 units.
 */
export const cartAddSql = `with c as (insert into cart (customer_id) values ($1)
      on conflict (customer_id) do update set updated_at = now(), status = true returning id),
  p as (select p.id, p.product_quantity as stock, ${finalSql} as final from product p ${priceJoins} where p.id = $2 and p.status),
  held as (select coalesce(sum(cp.product_quantity), 0) as q from cart_product cp, c where cp.cart_id = c.id and cp.product_id = $2),
  up as (insert into cart_product (cart_id, product_id, product_quantity, added_price)
    select c.id, p.id, $3::int, p.final from c, p, held where held.q + $3::int <= p.stock
    on conflict (cart_id, product_id, coalesce(color_id, 0), attribute_key)
    do update set product_quantity = cart_product.product_quantity + excluded.product_quantity, added_price = excluded.added_price
    returning id, product_id, product_quantity)${cartAnswer}`;

/** PUT cart/cart-product/{cartId} increment: the shopper's cart (locked), one line up, never past the stock. $1 customer, $2 cart, $3 line, $4 units. */
export const cartIncrementSql = `with c as (select id from cart where id = $2 and customer_id = $1 for update),
  l as (select cp.id, cp.product_id from cart_product cp join c on c.id = cp.cart_id where cp.id = $3),
  held as (select sum(cp.product_quantity) as q from cart_product cp join c on c.id = cp.cart_id where cp.product_id = (select product_id from l)),
  up as (update cart_product cp set product_quantity = cp.product_quantity + $4::int from l, held, product p
    where cp.id = l.id and p.id = l.product_id and p.status and held.q + $4::int <= p.product_quantity
    returning cp.id, cp.product_id, cp.product_quantity)${cartAnswer}`;

/**
 * A checkout of the shopper's whole cart, cash on delivery: the cart locked, its products locked in id
 * order, their stock taken (never below zero) with a movement each, the lines priced, the order with its
 * totals and its cost at average cost, its lines, its first status, its payment record, the postings
 * (cost of sales, sales, VAT per rate, delivery), the cart deleted. When a product is short (or the cart
 * empty) the statement fails, so nothing is kept. $1 customer, $2 delivery fee, $3 payment method,
 * $4..$9 the sub-accounts (cost of sales, inventory, receivable, sales, tax, delivery income),
 * $10 the payment's reference.
 */
export const checkoutSql = `with c as (select id from cart where customer_id = $1 for update),
  cl as (select cp.product_id, cp.color_id, cp.attribute_value_ids, cp.product_quantity as q from cart_product cp join c on c.id = cp.cart_id),
  u as (select product_id, sum(q)::int as q from cl group by product_id),
  locked as materialized (select p.id from product p where p.id in (select product_id from u) order by p.id for update of p),
  upd as (update product p set product_quantity = p.product_quantity - u.q from u
    where p.id = u.product_id and p.id in (select id from locked) and p.status and p.product_quantity >= u.q
    returning p.id, u.q, p.product_purchase_price as cost),
  lines as (select cl.*, upd.cost, p.product_sale_price as price, coalesce(v.percentage, 0) as rate, ${offSql} as off,
      case when ${offSql} > 0 then d.type end as off_type
    from cl join upd on upd.id = cl.product_id join product p on p.id = cl.product_id ${priceJoins}),
  lu as (select *, price - off as unit, round((price - off) * rate / 100, 2) as vatu from lines),
  tot as (select sum((unit + vatu) * q) as goods, sum(unit * q) as net, sum(vatu * q) as vat, sum(off * q) as off, sum(cost * q) as cost from lu),
  f as (select id, delivery_area, delivery_fee from delivery_fee where id = $2 and status),
  o as (insert into cart_order (date, customer_id, payment_method_id, is_cod, product_amount, total_vat_amount, total_discount_amount,
      delivery_fee_id, delivery_area, delivery_fee, total_amount, due_amount, cost, profit, delivery_address, customer_phone)
    select current_date, $1, $3, true, tot.goods, tot.vat, tot.off, f.id, f.delivery_area, f.delivery_fee, tot.goods + f.delivery_fee,
      tot.goods + f.delivery_fee, tot.cost, tot.net - tot.cost, s.address, s.phone
    from tot, f, customer s where s.id = $1 and s.status and tot.goods is not null and (select count(*) from upd) = (select count(*) from u)
    returning id, total_amount, delivery_fee),
  mv as (insert into stock_movement (product_id, quantity, reason, document_type, document_id, unit_cost)
    select upd.id, -upd.q, 'order', 'cartOrder', o.id::text, upd.cost from upd, o),
  li as (insert into cart_order_product (invoice_id, product_id, color_id, attribute_value_ids, product_quantity, product_sale_price,
      product_vat, discount_type, discount, unit_price, line_total, vat_amount, unit_cost)
    select o.id, lu.product_id, lu.color_id, lu.attribute_value_ids, lu.q, lu.price, lu.rate, lu.off_type, lu.off, lu.unit + lu.vatu,
      (lu.unit + lu.vatu) * lu.q, lu.vatu * lu.q, lu.cost from lu, o),
  st as (insert into order_status_history (cart_order_id, order_status) select o.id, 'PENDING' from o),
  mp as (insert into manual_payment (cart_order_id, customer_id, payment_method_id, amount, manual_transaction_id)
    select o.id, $1, $3, o.total_amount, $10 from o),
  led as (insert into "transaction" (date, debit_id, credit_id, particulars, amount, type, related_id, vat_rate)
    select current_date, e.dr, e.cr, 'Web order #' || o.id || ': ' || e.what, e.amount, 'order', o.id::text, e.rate from o, (
      select $4::int as dr, $5::int as cr, 'cost of goods sold' as what, tot.cost as amount, null::numeric as rate from tot
      union all select $6, $7, 'sales', tot.net, null from tot
      union all select $6, $8, 'VAT ' || rate || ' %', sum(vatu * q), rate from lu group by rate
      union all select $6, $9, 'delivery', f.delivery_fee, null from f) e where e.amount > 0),
  gone as (delete from cart where id in (select id from c) and exists (select 1 from o))
  select coalesce((select '{"createdCartOrder":{"id":' || o.id || ',"totalAmount":' || o.total_amount || '}}' from o),
    -- nothing written: fail the statement (a text that is no number), so the stock taken goes back
    (select ('not enough stock or an empty cart: ' || count(*))::int::text from upd)) as body`;

/** What an order wrote, for comparing the app's checkout with the limit's. */
export const orderFactsSql = `select o.product_amount::float8 as "productAmount", o.total_vat_amount::float8 as "totalVatAmount",
    o.total_discount_amount::float8 as "totalDiscountAmount", o.delivery_fee::float8 as "deliveryFee", o.total_amount::float8 as "totalAmount",
    o.due_amount::float8 as "dueAmount", o.cost::float8 as cost, o.profit::float8 as profit,
    (select count(*)::int from cart_order_product where invoice_id = o.id) as lines,
    (select sum(line_total)::float8 from cart_order_product where invoice_id = o.id) as "linesTotal",
    (select -sum(quantity)::int from stock_movement where document_type = 'cartOrder' and document_id = o.id::text) as "stockMoved",
    (select count(*)::int from order_status_history where cart_order_id = o.id) as statuses,
    (select sum(amount)::float8 from manual_payment where cart_order_id = o.id) as "paymentRecorded",
    (select count(*)::int from "transaction" where type = 'order' and related_id = o.id::text) as postings,
    (select sum(amount)::float8 from "transaction" where type = 'order' and related_id = o.id::text) as posted,
    (select count(*)::int from cart where customer_id = o.customer_id) as "cartsLeft"
  from cart_order o where o.id = $1`;

/** A product's stock and price as stored (browse-while-selling's stale check). */
export const productStateSql = `select product_quantity::int as "productQuantity", product_sale_price::float8 as "productSalePrice"
  from product where id = $1`;
