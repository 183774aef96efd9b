import { type PriceDiscount, walkInCustomerName } from '@tillbook/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { executePrepared } from '../../platform/prepared.ts';
import { type LookedUpSession, sessionLookup } from '../till/index.ts';
import type { TenderMethod } from './sale-tender.ts';

/** An active product of the sale as the pricing reads it. */
export interface SaleProduct {
  id: number;
  name: string;
  sku: string;
  salePrice: number;
  vat: number | null;
  /** The product's discount when that discount is on (its dates are checked by the pricing). */
  discount: PriceDiscount | null;
  /** Sold by its variants: a line must name one. */
  hasVariants: boolean;
}

/** A variant a line names, as the pricing reads it (its product's are in `SaleProduct`). */
export interface SaleVariant {
  id: number;
  productId: number;
  sku: string;
  /** Its own price, or null for the product's. */
  salePrice: number | null;
  status: boolean;
}

/** Everything a sale reads before it writes. */
export interface SaleLookup {
  /** The id the new invoice gets (taken from the table's sequence), when one was asked for. */
  invoiceId: number | null;
  products: SaleProduct[];
  variants: SaleVariant[];
  methods: TenderMethod[];
  /** The customer sent (or the walk-in customer), when it is there and active. */
  customer: SaleCustomer | null;
  /** False when no customer was sent and there is no walk-in customer. */
  walkIn: boolean;
  /** The salesperson's username. */
  salesperson: string | null;
  timeZone: string | null;
  allowNegative: boolean;
  /** The shop's alert threshold for a large till discount, a percent (0: none). */
  discountAlertPercent: number;
  /** The till session asked for, share-locked (null when none was asked for or there is none). */
  session: LookedUpSession | null;
}

/** Who a sale goes to: the username and the name a person knows them by. */
export type SaleCustomer = { id: number; username: string | null; firstName: string | null; lastName: string | null };

interface LookupRow {
  invoice_id: number | null;
  products: SaleProduct[] | null;
  variants: SaleVariant[] | null;
  methods: TenderMethod[] | null;
  customer: SaleCustomer | null;
  walk_in: number | null;
  salesperson: string | null;
  time_zone: string | null;
  allow_negative: boolean | null;
  discount_alert: string | null;
  session: LookedUpSession | null;
}

const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/**
 * The reads of a sale in ONE statement: its products with their VAT and discount, the payment
 * methods of its tenders (active ones), its customer (the one sent, else the walk-in customer, the
 * first of that name; active), the salesperson's name, the shop's time zone and whether the till may
 * sell below zero; and, with `reserveId`, the new invoice's id from the table's sequence (a key only: a
 * refused sale leaves a gap in ids, never in invoice numbers, which the sale takes as it is written).
 */
export async function lookUpSale(
  tx: DbOrTx,
  input: {
    productIds: readonly number[];
    /** The variants the lines name (none for products without). */
    variantIds?: readonly number[];
    methodIds: readonly number[];
    customerId: number | null | undefined;
    userId: number;
    reserveId: boolean;
    /** The till session the sale names: read and share-locked in the same statement (before the stock is). */
    sessionId?: number | null;
    /** A sale from a till's queue (issue 33): the session is taken for a late sale's write to its Z. */
    queued?: boolean;
  },
): Promise<SaleLookup> {
  const walkIn = sql`(select c.id from customer c where c.username = ${walkInCustomerName} order by c.id limit 1)`;
  const wanted = input.customerId == null ? walkIn : sql`${input.customerId}::int`;
  const [row] = await executePrepared<LookupRow>(
    tx,
    sql`
    select
      ${input.reserveId ? sql`nextval(pg_get_serial_sequence('sale_invoice', 'id'))::int` : sql`null::int`} as invoice_id,
      (select json_agg(json_build_object('id', p.id, 'name', p.name, 'sku', p.sku, 'salePrice', p.product_sale_price,
          'vat', v.percentage, 'discount', case when d.id is not null then json_build_object('type', d.type, 'value', d.value,
          'startDate', d.start_date, 'endDate', d.end_date) end, 'hasVariants', p.has_variants))
        from product p
        left join product_vat v on v.id = p.product_vat_id
        left join discount d on d.id = p.discount_id and d.status
        where p.id = any(${intArray(input.productIds)}::int[]) and p.status) as products,
      ${
        input.variantIds?.length
          ? sql`(select json_agg(json_build_object('id', v.id, 'productId', v.product_id, 'sku', v.sku,
          'salePrice', v.product_sale_price, 'status', v.status))
        from product_variant v where v.id = any(${intArray(input.variantIds)}::int[]))`
          : sql`null::json`
      } as variants,
      (select json_agg(json_build_object('id', m.id, 'name', m.method_name, 'subAccountId', m.sub_account_id,
          'cash', coalesce(s.system_key = 'cash', false),
          'refusal', case when not m.status or m.is_active <> 'true' then 'is not an active payment method'
            when m.at_till <> 'true' then 'is not offered at the till' end))
        from payment_method m join sub_account s on s.id = m.sub_account_id
        where m.id = any(${intArray(input.methodIds)}::int[])) as methods,
      (select json_build_object('id', c.id, 'username', c.username, 'firstName', c.first_name, 'lastName', c.last_name) from customer c where c.id = ${wanted} and c.status) as customer,
      ${input.customerId == null ? walkIn : sql`null::int`} as walk_in,
      (select u.username from users u where u.id = ${input.userId}) as salesperson,
      (select a.time_zone from app_setting a order by a.id limit 1) as time_zone,
      (select a.allow_negative_stock from app_setting a order by a.id limit 1) as allow_negative,
      (select a.discount_alert_percent from app_setting a order by a.id limit 1) as discount_alert,
      ${input.sessionId ? sessionLookup(input.sessionId, input.queued) : sql`null::json`} as session`,
  );
  if (!row) throw new Error('the sale lookup answered no row');
  return {
    invoiceId: row.invoice_id == null ? null : Number(row.invoice_id),
    products: (row.products ?? []).map((p) => ({ ...p, salePrice: Number(p.salePrice), vat: p.vat == null ? null : Number(p.vat) })),
    variants: (row.variants ?? []).map((v) => ({ ...v, salePrice: v.salePrice == null ? null : Number(v.salePrice) })),
    methods: row.methods ?? [],
    customer: row.customer,
    walkIn: input.customerId != null || row.walk_in != null,
    salesperson: row.salesperson,
    timeZone: row.time_zone,
    allowNegative: row.allow_negative ?? false,
    discountAlertPercent: Number(row.discount_alert ?? 0),
    session: row.session,
  };
}
