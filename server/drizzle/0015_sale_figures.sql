CREATE TABLE "purchase_day_totals" (
	"date" date NOT NULL,
	"state" text NOT NULL,
	"bucket" integer NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_tax" numeric(14, 2) DEFAULT 0 NOT NULL,
	"paid_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"due_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"return_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"instant_paid_return_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_day_totals_date_state_bucket_pk" PRIMARY KEY("date","state","bucket"),
	CONSTRAINT "purchase_day_totals_state_in_set" CHECK ("purchase_day_totals"."state" in ('active', 'undone'))
);
--> statement-breakpoint
CREATE TABLE "customer_sale_totals" (
	"customer_id" integer NOT NULL,
	"bucket" integer NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"paid_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"due_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"return_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"instant_paid_return_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_sale_totals_customer_id_bucket_pk" PRIMARY KEY("customer_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "sale_day_totals" (
	"date" date NOT NULL,
	"state" text NOT NULL,
	"bucket" integer NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL,
	"total_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_tax_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_discount_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"profit" numeric(14, 2) DEFAULT 0 NOT NULL,
	"paid_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"due_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"return_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"instant_paid_return_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "sale_day_totals_date_state_bucket_pk" PRIMARY KEY("date","state","bucket"),
	CONSTRAINT "sale_day_totals_state_in_set" CHECK ("sale_day_totals"."state" in ('completed', 'held', 'cancelled', 'deleted'))
);
--> statement-breakpoint
ALTER TABLE "purchase_invoice" ADD COLUMN "return_amount" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_invoice" ADD COLUMN "instant_paid_return_amount" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_invoice" ADD COLUMN "paid_amount" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_invoice" ADD COLUMN "due_amount" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_invoice" ADD COLUMN "return_amount" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_invoice" ADD COLUMN "instant_paid_return_amount" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_invoice" ADD COLUMN "invoice_memo_no" text;--> statement-breakpoint
ALTER TABLE "sale_invoice" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "sale_invoice" ADD COLUMN "terms_and_conditions" text;--> statement-breakpoint
ALTER TABLE "sale_invoice" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "sale_invoice" ADD COLUMN "order_status" text DEFAULT 'PENDING' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_sale_totals" ADD CONSTRAINT "customer_sale_totals_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_invoice" ADD CONSTRAINT "sale_invoice_order_status_in_set" CHECK ("sale_invoice"."order_status" in ('PENDING', 'RECEIVED'));--> statement-breakpoint
-- Hand-written (issue 19, points 18 and 20): the kept invoice figures backfilled from the ledger, the
-- truth they must equal (reference 3.4; a deleted payment and its reversal left out; an invoice that is
-- not live keeps zeros), and the order status of a completed sale (RECEIVED when nothing is due, as a
-- sale paid in full starts). From here on every use case that posts for an invoice keeps them (keepInvoiceFigures).
WITH ar AS (SELECT id FROM sub_account WHERE system_key = 'accountsReceivable'),
f AS (
  SELECT t.related_id,
    coalesce(sum(t.amount) FILTER (WHERE t.type = 'sale' AND t.debit_id = ar.id), 0) AS total,
    coalesce(sum(t.amount) FILTER (WHERE t.type = 'sale' AND t.credit_id = ar.id), 0) AS paid,
    coalesce(sum(t.amount) FILTER (WHERE t.type = 'saleReturn' AND t.credit_id = ar.id), 0) AS returned,
    coalesce(sum(t.amount) FILTER (WHERE t.type = 'saleReturn' AND t.debit_id = ar.id), 0) AS refunded
  FROM "transaction" t CROSS JOIN ar
  WHERE t.type IN ('sale', 'saleReturn') AND t.reverses_id IS NULL
    AND NOT EXISTS (SELECT 1 FROM "transaction" r WHERE r.reverses_id = t.id)
  GROUP BY t.related_id
)
UPDATE sale_invoice si SET
  paid_amount = f.paid,
  due_amount = f.total - f.returned - f.paid + f.refunded,
  return_amount = f.returned,
  instant_paid_return_amount = f.refunded
FROM f WHERE f.related_id = si.id::text AND si.state = 'completed';
--> statement-breakpoint
UPDATE sale_invoice SET order_status = 'RECEIVED' WHERE state = 'completed' AND due_amount <= 0;
--> statement-breakpoint
WITH ap AS (SELECT id FROM sub_account WHERE system_key = 'accountsPayable'),
f AS (
  SELECT t.related_id,
    coalesce(sum(t.amount) FILTER (WHERE t.type = 'purchase' AND t.credit_id = ap.id), 0) AS total,
    coalesce(sum(t.amount) FILTER (WHERE t.type = 'purchase' AND t.debit_id = ap.id), 0) AS paid,
    coalesce(sum(t.amount) FILTER (WHERE t.type = 'purchaseReturn' AND t.debit_id = ap.id), 0) AS returned,
    coalesce(sum(t.amount) FILTER (WHERE t.type = 'purchaseReturn' AND t.credit_id = ap.id), 0) AS refunded
  FROM "transaction" t CROSS JOIN ap
  WHERE t.type IN ('purchase', 'purchaseReturn') AND t.reverses_id IS NULL
    AND NOT EXISTS (SELECT 1 FROM "transaction" r WHERE r.reverses_id = t.id)
  GROUP BY t.related_id
)
UPDATE purchase_invoice pi SET
  paid_amount = CASE WHEN pi.state = 'active' THEN f.paid ELSE 0 END,
  due_amount = CASE WHEN pi.state = 'active' THEN f.total - f.returned - f.paid + f.refunded ELSE 0 END,
  return_amount = CASE WHEN pi.state = 'active' THEN f.returned ELSE 0 END,
  instant_paid_return_amount = CASE WHEN pi.state = 'active' THEN f.refunded ELSE 0 END
FROM f WHERE f.related_id = pi.id::text;
--> statement-breakpoint
UPDATE purchase_invoice SET paid_amount = 0, due_amount = 0 WHERE state <> 'active';
--> statement-breakpoint
-- The lists' totals (point 18): sale_day_totals, customer_sale_totals and purchase_day_totals hold the
-- sums of the invoices per day (or customer), state and bucket (id % 16). A row trigger on each invoice
-- table takes the row's old contribution off and adds its new one, in the statement that changes the
-- invoice (a sale, a payment's kept figures, a return's profit, an undo's state), so they never lag.
CREATE FUNCTION sale_invoice_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.date, OLD.state, OLD.customer_id, OLD.total_amount, OLD.total_tax_amount, OLD.total_discount_amount,
      OLD.profit, OLD.paid_amount, OLD.due_amount, OLD.return_amount, OLD.instant_paid_return_amount)
    IS NOT DISTINCT FROM (NEW.date, NEW.state, NEW.customer_id, NEW.total_amount, NEW.total_tax_amount, NEW.total_discount_amount,
      NEW.profit, NEW.paid_amount, NEW.due_amount, NEW.return_amount, NEW.instant_paid_return_amount) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.state IN ('completed', 'deleted') THEN
    UPDATE sale_day_totals SET invoices = invoices - 1, total_amount = total_amount - OLD.total_amount,
      total_tax_amount = total_tax_amount - OLD.total_tax_amount, total_discount_amount = total_discount_amount - OLD.total_discount_amount,
      profit = profit - OLD.profit, paid_amount = paid_amount - OLD.paid_amount, due_amount = due_amount - OLD.due_amount,
      return_amount = return_amount - OLD.return_amount, instant_paid_return_amount = instant_paid_return_amount - OLD.instant_paid_return_amount
    WHERE date = OLD.date AND state = OLD.state AND bucket = OLD.id % 16;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.state = 'completed' THEN
    UPDATE customer_sale_totals SET invoices = invoices - 1, total_amount = total_amount - (OLD.total_amount + OLD.total_tax_amount),
      paid_amount = paid_amount - OLD.paid_amount, due_amount = due_amount - OLD.due_amount, return_amount = return_amount - OLD.return_amount,
      instant_paid_return_amount = instant_paid_return_amount - OLD.instant_paid_return_amount
    WHERE customer_id = OLD.customer_id AND bucket = OLD.id % 16;
  END IF;
  IF NEW.state IN ('completed', 'deleted') THEN
    INSERT INTO sale_day_totals AS s (date, state, bucket, invoices, total_amount, total_tax_amount, total_discount_amount, profit,
      paid_amount, due_amount, return_amount, instant_paid_return_amount)
    VALUES (NEW.date, NEW.state, NEW.id % 16, 1, NEW.total_amount, NEW.total_tax_amount, NEW.total_discount_amount, NEW.profit,
      NEW.paid_amount, NEW.due_amount, NEW.return_amount, NEW.instant_paid_return_amount)
    ON CONFLICT (date, state, bucket) DO UPDATE SET invoices = s.invoices + 1, total_amount = s.total_amount + EXCLUDED.total_amount,
      total_tax_amount = s.total_tax_amount + EXCLUDED.total_tax_amount,
      total_discount_amount = s.total_discount_amount + EXCLUDED.total_discount_amount, profit = s.profit + EXCLUDED.profit,
      paid_amount = s.paid_amount + EXCLUDED.paid_amount, due_amount = s.due_amount + EXCLUDED.due_amount,
      return_amount = s.return_amount + EXCLUDED.return_amount,
      instant_paid_return_amount = s.instant_paid_return_amount + EXCLUDED.instant_paid_return_amount;
  END IF;
  IF NEW.state = 'completed' THEN
    INSERT INTO customer_sale_totals AS c (customer_id, bucket, invoices, total_amount, paid_amount, due_amount, return_amount,
      instant_paid_return_amount)
    VALUES (NEW.customer_id, NEW.id % 16, 1, NEW.total_amount + NEW.total_tax_amount, NEW.paid_amount, NEW.due_amount, NEW.return_amount,
      NEW.instant_paid_return_amount)
    ON CONFLICT (customer_id, bucket) DO UPDATE SET invoices = c.invoices + 1, total_amount = c.total_amount + EXCLUDED.total_amount,
      paid_amount = c.paid_amount + EXCLUDED.paid_amount, due_amount = c.due_amount + EXCLUDED.due_amount,
      return_amount = c.return_amount + EXCLUDED.return_amount,
      instant_paid_return_amount = c.instant_paid_return_amount + EXCLUDED.instant_paid_return_amount;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sale_invoice_totals AFTER INSERT OR UPDATE ON sale_invoice FOR EACH ROW EXECUTE FUNCTION sale_invoice_totals();
--> statement-breakpoint
CREATE FUNCTION purchase_invoice_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.date, OLD.state, OLD.total_amount, OLD.total_tax, OLD.paid_amount, OLD.due_amount, OLD.return_amount,
      OLD.instant_paid_return_amount)
    IS NOT DISTINCT FROM (NEW.date, NEW.state, NEW.total_amount, NEW.total_tax, NEW.paid_amount, NEW.due_amount, NEW.return_amount,
      NEW.instant_paid_return_amount) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    UPDATE purchase_day_totals SET invoices = invoices - 1, total_amount = total_amount - OLD.total_amount, total_tax = total_tax - OLD.total_tax,
      paid_amount = paid_amount - OLD.paid_amount, due_amount = due_amount - OLD.due_amount, return_amount = return_amount - OLD.return_amount,
      instant_paid_return_amount = instant_paid_return_amount - OLD.instant_paid_return_amount
    WHERE date = OLD.date AND state = OLD.state AND bucket = OLD.id % 16;
  END IF;
  INSERT INTO purchase_day_totals AS p (date, state, bucket, invoices, total_amount, total_tax, paid_amount, due_amount, return_amount,
    instant_paid_return_amount)
  VALUES (NEW.date, NEW.state, NEW.id % 16, 1, NEW.total_amount, NEW.total_tax, NEW.paid_amount, NEW.due_amount, NEW.return_amount,
    NEW.instant_paid_return_amount)
  ON CONFLICT (date, state, bucket) DO UPDATE SET invoices = p.invoices + 1, total_amount = p.total_amount + EXCLUDED.total_amount,
    total_tax = p.total_tax + EXCLUDED.total_tax, paid_amount = p.paid_amount + EXCLUDED.paid_amount,
    due_amount = p.due_amount + EXCLUDED.due_amount, return_amount = p.return_amount + EXCLUDED.return_amount,
    instant_paid_return_amount = p.instant_paid_return_amount + EXCLUDED.instant_paid_return_amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER purchase_invoice_totals AFTER INSERT OR UPDATE ON purchase_invoice FOR EACH ROW EXECUTE FUNCTION purchase_invoice_totals();
--> statement-breakpoint
INSERT INTO sale_day_totals (date, state, bucket, invoices, total_amount, total_tax_amount, total_discount_amount, profit, paid_amount,
  due_amount, return_amount, instant_paid_return_amount)
SELECT date, state, id % 16, count(*), sum(total_amount), sum(total_tax_amount), sum(total_discount_amount), sum(profit), sum(paid_amount),
  sum(due_amount), sum(return_amount), sum(instant_paid_return_amount)
FROM sale_invoice WHERE state IN ('completed', 'deleted') GROUP BY date, state, id % 16;
--> statement-breakpoint
INSERT INTO customer_sale_totals (customer_id, bucket, invoices, total_amount, paid_amount, due_amount, return_amount,
  instant_paid_return_amount)
SELECT customer_id, id % 16, count(*), sum(total_amount + total_tax_amount), sum(paid_amount), sum(due_amount), sum(return_amount),
  sum(instant_paid_return_amount)
FROM sale_invoice WHERE state = 'completed' GROUP BY customer_id, id % 16;
--> statement-breakpoint
INSERT INTO purchase_day_totals (date, state, bucket, invoices, total_amount, total_tax, paid_amount, due_amount, return_amount,
  instant_paid_return_amount)
SELECT date, state, id % 16, count(*), sum(total_amount), sum(total_tax), sum(paid_amount), sum(due_amount), sum(return_amount),
  sum(instant_paid_return_amount)
FROM purchase_invoice GROUP BY date, state, id % 16;
