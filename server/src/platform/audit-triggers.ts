/**
 * The audit log's triggers (issue 34), installed from code at every start after the migrations, on both databases,
 * so that a column a migration adds is audited from then on: each audited table gets an AFTER INSERT OR DELETE row
 * trigger and an AFTER UPDATE row trigger whose WHEN lists the audited columns (a stock move, which changes only
 * `product_quantity`, never calls it). A trigger is replaced only when its columns changed (its comment keeps them).
 */

/** Audited tables, by their entity's name in the API. */
export const auditedTables: Readonly<Record<string, string>> = {
  // identity and settings
  users: 'user',
  role: 'role',
  app_setting: 'setting',
  email_config: 'emailConfig',
  page_size: 'pageSize',
  currency: 'currency',
  terms_and_condition: 'termsAndCondition',
  payment_method: 'paymentMethod',
  delivery_fee: 'deliveryFee',
  courier_medium: 'courierMedium',
  coupon: 'coupon',
  // staff records
  department: 'department',
  designation: 'designation',
  employment_status: 'employmentStatus',
  shift: 'shift',
  award: 'award',
  award_history: 'awardHistory',
  education: 'education',
  designation_history: 'designationHistory',
  salary_history: 'salaryHistory',
  // parties
  customer: 'customer',
  supplier: 'supplier',
  lead: 'lead',
  lead_source: 'leadSource',
  appointment: 'appointment',
  // catalogue
  product: 'product',
  product_variant: 'productVariant',
  product_category: 'productCategory',
  product_sub_category: 'productSubCategory',
  product_brand: 'productBrand',
  colors: 'color',
  uom: 'uom',
  product_vat: 'vat',
  product_attribute: 'productAttribute',
  product_attribute_value: 'productAttributeValue',
  discount: 'discount',
  slider_images: 'sliderImages',
  // documents and the till's day
  sale_invoice: 'saleInvoice',
  return_sale_invoice: 'returnSaleInvoice',
  purchase_invoice: 'purchaseInvoice',
  return_purchase_invoice: 'returnPurchaseInvoice',
  adjust_invoice: 'adjust',
  purchase_reorder_invoice: 'purchaseReorderInvoice',
  cart_order: 'cartOrder',
  return_cart_order: 'returnCartOrder',
  manual_payment: 'manualPayment',
  till: 'till',
  till_session: 'tillSession',
};

/**
 * Never in the log: secrets (any column named like a password, a token, a secret or a key), the change time, and
 * the figures kept from a ledger (stock from the stock movements, paid and due from the books), whose own
 * ledgers already say who moved them.
 */
export const unauditedColumn = (column: string) =>
  /(^|_)(pass(word)?|email_pass|token|token_hash|secret|api_key|request_hash)($|_)/.test(column) ||
  ['updated_at', 'created_at', 'product_quantity', 'paid_amount', 'due_amount', 'return_amount', 'instant_paid_return_amount'].includes(
    column,
  );

const identifier = (name: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a name: ${name}`);
  return `"${name}"`;
};

/** The shortest a sign-in row is kept (AUDIT_SIGN_IN_DAYS may not be less): the database refuses to prune younger rows. */
export const minimumRetentionDays = 30;

export const auditFunctions = `
create or replace function tillbook_audit() returns trigger language plpgsql as $$
declare
  ignored text[] := string_to_array(tg_argv[1], ',');
  actor jsonb;
  row_id text;
  diff jsonb;
  act text;
  newest record;
begin
  if tg_op = 'UPDATE' then
    -- the fields that changed, each {old, new}; nothing changed (but unaudited columns): no row
    select jsonb_object_agg(n.key, jsonb_build_object('old', o.value, 'new', n.value)) into diff
      from jsonb_each(to_jsonb(new)) n join jsonb_each(to_jsonb(old)) o using (key)
      where n.value is distinct from o.value and not (n.key = any(ignored));
    if diff is null then return null; end if;
    row_id := new.id::text;
    act := case when (diff - array['status', 'state']) = '{}'::jsonb then 'status' else 'update' end;
    -- a later step of a change this transaction made (a sale numbered at its commit, a document moved on at once)
    -- is folded into the row it wrote: one change, one row
    -- (a change's own rows only: a till event the use case wrote on the record is not folded into)
    select id, action, changes, txid into newest from audit_log
      where entity = tg_argv[0] and entity_id = row_id and action in ('create', 'update', 'status') order by id desc limit 1;
    if found and newest.txid = txid_current() then
      if newest.action = 'create' then
        update audit_log set changes = jsonb_strip_nulls(newest.changes || (select jsonb_object_agg(key, value -> 'new') from jsonb_each(diff)))
          where id = newest.id;
      else
        update audit_log set
          changes = newest.changes || (select jsonb_object_agg(d.key, jsonb_build_object('old', coalesce(newest.changes -> d.key -> 'old', d.value -> 'old'), 'new', d.value -> 'new')) from jsonb_each(diff) d),
          action = case when newest.action = 'status' and act = 'status' then 'status' else 'update' end
          where id = newest.id;
      end if;
      return null;
    end if;
  elsif tg_op = 'INSERT' then
    -- a create keeps the values set; a delete the values the record had
    diff := jsonb_strip_nulls(to_jsonb(new) - ignored);
    row_id := new.id::text;
    act := 'create';
  else
    diff := jsonb_strip_nulls(to_jsonb(old) - ignored);
    row_id := old.id::text;
    act := 'delete';
  end if;
  actor := nullif(current_setting('tillbook.actor', true), '')::jsonb;
  insert into audit_log (entity, entity_id, action, actor_type, actor_id, request_id, changes)
    values (tg_argv[0], row_id, act, coalesce(actor->>'type', 'system'), (actor->>'id')::int, actor->>'request', diff);
  return null;
end $$;

-- append-only: a row is never changed or removed once its transaction has committed, but for pruning: a row of a
-- kind that expires (a sign-in) may be deleted once older than the shortest retention allowed (audit-retention.ts)
create or replace function tillbook_audit_append_only() returns trigger language plpgsql as $$
begin
  if tg_op <> 'TRUNCATE' then
    if old.txid = txid_current() then
      return case when tg_op = 'DELETE' then old else new end;
    end if;
    if tg_op = 'DELETE' and old.action = 'signIn' and old.at < now() - interval '${minimumRetentionDays} days' then
      return old;
    end if;
  end if;
  raise exception 'the audit log is append-only: % refused', lower(tg_op) using errcode = '42501';
end $$;
`;

/** A table's audited columns: not a secret, not a kept figure, not computed by the database (a search text). */
const auditedColumns = (columns: readonly string[], generated: readonly string[]) =>
  columns.filter((c) => !unauditedColumn(c) && !generated.includes(c));

/** The triggers of one audited table over its audited columns, and the comment that names them. */
export function auditTriggersOf(table: string, columns: readonly string[], generated: readonly string[] = []): string {
  const entity = auditedTables[table];
  if (!entity) throw new Error(`not an audited table: ${table}`);
  const t = identifier(table);
  const audited = auditedColumns(columns, generated);
  const ignored = columns.filter((c) => !audited.includes(c)).join(',');
  const args = `'${entity}', '${ignored}'`;
  const row = (side: 'old' | 'new') => `row(${audited.map((c) => `${side}.${identifier(c)}`).join(', ')})`;
  return [
    `create or replace trigger tillbook_audit after insert or delete on ${t} for each row execute function tillbook_audit(${args});`,
    `create or replace trigger tillbook_audit_update after update on ${t} for each row when (${row('old')} is distinct from ${row('new')}) execute function tillbook_audit(${args});`,
    `comment on trigger tillbook_audit_update on ${t} is '${audited.join(',')}';`,
  ].join('\n');
}

/** What installs or refreshes the triggers, given a way to run SQL (the embedded database or a pg client). */
export async function installAuditTriggers(run: (statement: string) => Promise<{ rows: Record<string, unknown>[] }>): Promise<void> {
  await run(auditFunctions);
  const { rows } = await run(`
    select c.table_name as table, array_agg(c.column_name::text order by c.ordinal_position) as columns,
      coalesce(array_agg(c.column_name::text) filter (where c.is_generated = 'ALWAYS'), '{}') as generated,
      (select obj_description(t.oid, 'pg_trigger') from pg_trigger t
        where t.tgrelid = to_regclass(format('public.%I', c.table_name)) and t.tgname = 'tillbook_audit_update') as audited
    from information_schema.columns c
    where c.table_schema = 'public' and c.table_name = any(array[${Object.keys(auditedTables)
      .map((t) => `'${t}'`)
      .join(', ')}])
    group by c.table_name`);
  const stale = rows.filter((r) => r.audited !== auditedColumns(r.columns as string[], r.generated as string[]).join(','));
  if (stale.length)
    await run(stale.map((r) => auditTriggersOf(String(r.table), r.columns as string[], r.generated as string[])).join('\n'));
  const guarded = await run(`select 1 from pg_trigger where tgname = 'tillbook_audit_append_only' and tgrelid = 'audit_log'::regclass`);
  if (!guarded.rows.length) {
    await run(`create trigger tillbook_audit_append_only before update or delete on audit_log
      for each row execute function tillbook_audit_append_only();
      create trigger tillbook_audit_no_truncate before truncate on audit_log
      for each statement execute function tillbook_audit_append_only();`);
  }
}
