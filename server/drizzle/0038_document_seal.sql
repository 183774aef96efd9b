CREATE TABLE "document_seal" (
	"series" text NOT NULL,
	"position" integer NOT NULL,
	"document_id" integer NOT NULL,
	"ledger_upto" bigint,
	"hash" text NOT NULL,
	"sealed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_seal_series_position_pk" PRIMARY KEY("series","position")
);
--> statement-breakpoint
ALTER TABLE "document_number" DROP CONSTRAINT "document_number_series_in_set";--> statement-breakpoint
CREATE INDEX "document_seal_document" ON "document_seal" USING btree ("series","document_id");--> statement-breakpoint
ALTER TABLE "document_number" ADD CONSTRAINT "document_number_series_in_set" CHECK ("document_number"."series" in ('sale', 'purchase', 'saleReturn', 'purchaseReturn', 'chain:order', 'chain:customerPayment'));--> statement-breakpoint
-- Hand-written (issue 34): the sales journal's hash chains. A document's content is read by one function, at
-- its seal and at every verification, so both always read the same fields. It holds what the document was
-- when posted: its date, its lines, its totals and VAT, and its ledger rows up to the seal (the revenue, the VAT,
-- the tender). Its number is its place in the chain, which the hash holds (and the check compares with the number). Kept figures (paid, due, returned) and the state are not content: a later
-- payment, return or undo is a document of its own. Changing this function breaks every chain: a new
-- version of the content is a new function and a new series.
CREATE FUNCTION seal_content(series text, doc_id integer, upto bigint) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  head text;
  lines text;
  ledger text;
  ledger_type text;
  related text := doc_id::text;
BEGIN
  IF series = 'sale' THEN
    SELECT concat_ws('|', s.date, s.customer_id, s.user_id, s.total_amount, s.total_tax_amount,
        s.total_discount_amount, s.sale_discount, s.till_session_id, s.receipt_reference)
      INTO head FROM sale_invoice s WHERE s.id = doc_id;
    SELECT string_agg(concat_ws(',', l.product_id, l.product_variant_id, l.product_quantity, l.product_unit_sale_price,
        l.product_discount, l.sale_discount, l.product_final_amount, l.tax, l.tax_amount), ';' ORDER BY l.id)
      INTO lines FROM sale_invoice_product l WHERE l.invoice_id = doc_id;
    ledger_type := 'sale';
  ELSIF series = 'saleReturn' THEN
    SELECT concat_ws('|', r.date, r.sale_invoice_id, r.user_id, r.total_amount, r.tax, r.instant_return_amount,
        r.till_session_id), r.sale_invoice_id::text
      INTO head, related FROM return_sale_invoice r WHERE r.id = doc_id;
    SELECT string_agg(concat_ws(',', l.sale_invoice_product_id, l.product_id, l.product_variant_id, l.product_quantity,
        l.product_unit_sale_price, l.product_final_amount, l.tax, l.tax_amount), ';' ORDER BY l.id)
      INTO lines FROM return_sale_invoice_product l WHERE l.invoice_id = doc_id;
    ledger_type := 'saleReturn';
  ELSIF series = 'customerPayment' THEN
    SELECT concat_ws('|', t.date, t.type, t.related_id, t.debit_id, t.credit_id, t.amount, t.payment_method_id, t.till_session_id)
      INTO head FROM "transaction" t WHERE t.id = doc_id;
    RETURN coalesce(head, 'missing');
  ELSIF series = 'order' THEN
    -- what the shopper ordered, as placed: the delivery fee set again at receipt, the payment accepted later and the
    -- status are later steps (each in the audit log, each with its own postings)
    SELECT concat_ws('|', o.id, o.date, o.customer_id, o.product_amount, o.total_vat_amount, o.total_discount_amount,
        o.coupon_id, o.coupon_amount)
      INTO head FROM cart_order o WHERE o.id = doc_id;
    SELECT string_agg(concat_ws(',', l.product_id, l.product_variant_id, l.product_quantity, l.product_sale_price, l.product_vat,
        l.discount, l.unit_price, l.line_total, l.vat_amount, l.coupon_share), ';' ORDER BY l.id)
      INTO lines FROM cart_order_product l WHERE l.invoice_id = doc_id;
    ledger_type := 'order';
  ELSE
    RAISE EXCEPTION 'no such sealed series: %', series;
  END IF;
  IF head IS NULL THEN
    RETURN 'missing';
  END IF;
  SELECT string_agg(concat_ws(',', t.id, t.date, t.debit_id, t.credit_id, t.amount, t.vat_rate, t.payment_method_id), ';' ORDER BY t.id)
    INTO ledger FROM "transaction" t WHERE t.type = ledger_type AND t.related_id = related AND t.id <= upto;
  RETURN concat_ws('#', head, lines, ledger);
END $$;
--> statement-breakpoint
-- A document's content, hashed: computed before its series' lock is taken, so the lock is held for the chaining only.
CREATE FUNCTION seal_digest(series text, doc_id integer, upto bigint) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(seal_content(series, doc_id, coalesce(upto, 0)), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- The last ledger row a document had posted when sealed (its later postings are not its content).
CREATE FUNCTION seal_upto(chain text, doc_id integer) RETURNS bigint LANGUAGE plpgsql STABLE AS $$
DECLARE
  upto bigint;
BEGIN
  IF chain = 'customerPayment' THEN
    RETURN doc_id;
  ELSIF chain = 'saleReturn' THEN
    SELECT max(t.id) INTO upto FROM "transaction" t
      WHERE t.type = 'saleReturn' AND t.related_id = (SELECT r.sale_invoice_id::text FROM return_sale_invoice r WHERE r.id = doc_id);
  ELSE
    SELECT max(t.id) INTO upto FROM "transaction" t WHERE t.type = chain AND t.related_id = doc_id::text;
  END IF;
  RETURN upto;
END $$;
--> statement-breakpoint
-- Chains a document's digest at a position of its series: SHA-256 of series|position|previous hash|digest. The caller
-- holds the series' counter row (the document's number, or the chain's own counter), so the seal before it has committed.
CREATE FUNCTION seal_at(chain text, at_position integer, doc_id integer, upto bigint, digest text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  previous text;
BEGIN
  SELECT s.hash INTO previous FROM document_seal s WHERE s.series = chain AND s.position = at_position - 1;
  INSERT INTO document_seal (series, position, document_id, ledger_upto, hash)
    VALUES (chain, at_position, doc_id, upto, encode(sha256(convert_to(concat_ws('|', chain, at_position, coalesce(previous, ''), digest), 'UTF8')), 'hex'));
END $$;
--> statement-breakpoint
CREATE FUNCTION seal_document(chain text, at_position integer, doc_id integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  upto bigint := seal_upto(chain, doc_id);
BEGIN
  PERFORM seal_at(chain, at_position, doc_id, upto, seal_digest(chain, doc_id, upto));
END $$;
--> statement-breakpoint
-- Seals a document in a series without numbers of its own (web orders, customer payments): its position is the
-- chain's counter, taken as a number is, so positions are gap-free and in commit order.
CREATE FUNCTION seal_next(chain text, doc_id integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  taken integer;
BEGIN
  INSERT INTO document_number AS d (series, last_number) VALUES ('chain:' || chain, 1)
    ON CONFLICT (series) DO UPDATE SET last_number = d.last_number + 1
    RETURNING last_number INTO taken;
  PERFORM seal_document(chain, taken, doc_id);
  RETURN taken;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sale_number_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  taken integer;
  upto bigint;
  digest text;
BEGIN
  -- the row as it is now: another event of this transaction (an insert, then an update) may have numbered it
  PERFORM 1 FROM sale_invoice WHERE id = NEW.id AND number < 0;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  -- issue 34: the sale's content is hashed before the number's lock is taken
  upto := seal_upto('sale', NEW.id);
  digest := seal_digest('sale', NEW.id, upto);
  INSERT INTO document_number AS d (series, last_number) VALUES ('sale', 1)
    ON CONFLICT (series) DO UPDATE SET last_number = d.last_number + 1
    RETURNING last_number INTO taken;
  UPDATE sale_invoice SET number = taken WHERE id = NEW.id;
  UPDATE "transaction" SET particulars = replace(particulars, '{number}', taken::text)
    WHERE type = 'sale' AND related_id = NEW.id::text AND strpos(particulars, '{number}') > 0;
  -- sealed in the same commit, under the same lock, chained to the sale numbered before it
  PERFORM seal_at('sale', taken, NEW.id, upto, digest);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION document_seal_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the sales journal''s seals are never changed: % refused', lower(tg_op) USING errcode = '42501';
END $$;
--> statement-breakpoint
CREATE TRIGGER document_seal_refuse BEFORE UPDATE OR DELETE ON document_seal FOR EACH ROW EXECUTE FUNCTION document_seal_refuse();
--> statement-breakpoint
CREATE TRIGGER document_seal_no_truncate BEFORE TRUNCATE ON document_seal FOR EACH STATEMENT EXECUTE FUNCTION document_seal_refuse();
--> statement-breakpoint
-- what was posted before the chains began is sealed now, in each series' order
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id, number FROM sale_invoice WHERE number > 0 ORDER BY number LOOP
    PERFORM seal_document('sale', r.number, r.id);
  END LOOP;
  FOR r IN SELECT id, number FROM return_sale_invoice WHERE number > 0 ORDER BY number LOOP
    PERFORM seal_document('saleReturn', r.number, r.id);
  END LOOP;
  FOR r IN SELECT id FROM cart_order ORDER BY id LOOP
    PERFORM seal_next('order', r.id);
  END LOOP;
END $$;
