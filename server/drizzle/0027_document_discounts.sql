ALTER TABLE "sale_invoice" ADD COLUMN "sale_discount" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_invoice_product" ADD COLUMN "sale_discount" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_order_product" ADD COLUMN "coupon_share" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "return_cart_order_product" ADD COLUMN "coupon_share" numeric(14, 2);