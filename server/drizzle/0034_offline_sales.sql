ALTER TABLE "sale_invoice" ADD COLUMN "receipt_reference" text;--> statement-breakpoint
ALTER TABLE "sale_invoice" ADD COLUMN "sold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sale_invoice" ADD COLUMN "late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_invoice_product" ADD COLUMN "oversold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_invoice_receipt_reference" ON "sale_invoice" USING btree ("receipt_reference") WHERE "sale_invoice"."receipt_reference" is not null;--> statement-breakpoint
CREATE INDEX "sale_invoice_product_oversold" ON "sale_invoice_product" USING btree ("id") WHERE "sale_invoice_product"."oversold";