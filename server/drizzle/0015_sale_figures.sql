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
