CREATE TABLE "document_number" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_number_series_in_set" CHECK ("document_number"."series" in ('sale', 'purchase', 'saleReturn', 'purchaseReturn'))
);
--> statement-breakpoint
ALTER TABLE "purchase_invoice" ADD COLUMN "number" integer;--> statement-breakpoint
ALTER TABLE "return_purchase_invoice" ADD COLUMN "number" integer;--> statement-breakpoint
ALTER TABLE "return_sale_invoice" ADD COLUMN "number" integer;--> statement-breakpoint
ALTER TABLE "sale_invoice" ADD COLUMN "number" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_invoice_number_index" ON "purchase_invoice" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "return_purchase_invoice_number_index" ON "return_purchase_invoice" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "return_sale_invoice_number_index" ON "return_sale_invoice" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "sale_invoice_number_index" ON "sale_invoice" USING btree ("number");--> statement-breakpoint
-- Hand-written (issue 19, point 13: gap-free invoice numbers). Documents issued before this migration keep
-- the number they were printed and mailed with, their id, so receipts, barcodes and PDFs already handed out
-- still find them; held and cancelled sales were never issued and get none. Each series goes on from its
-- highest number.
UPDATE "sale_invoice" SET "number" = "id" WHERE "state" IN ('completed', 'deleted');--> statement-breakpoint
UPDATE "purchase_invoice" SET "number" = "id";--> statement-breakpoint
UPDATE "return_sale_invoice" SET "number" = "id";--> statement-breakpoint
UPDATE "return_purchase_invoice" SET "number" = "id";--> statement-breakpoint
INSERT INTO "document_number" ("series", "last_number")
  SELECT 'sale', coalesce(max("number"), 0) FROM "sale_invoice"
  UNION ALL SELECT 'purchase', coalesce(max("number"), 0) FROM "purchase_invoice"
  UNION ALL SELECT 'saleReturn', coalesce(max("number"), 0) FROM "return_sale_invoice"
  UNION ALL SELECT 'purchaseReturn', coalesce(max("number"), 0) FROM "return_purchase_invoice";
