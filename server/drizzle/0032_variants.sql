CREATE TABLE "product_variant" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_variant_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"product_id" integer NOT NULL,
	"color_id" integer,
	"attribute_value_ids" integer[] DEFAULT '{}' NOT NULL,
	"attribute_key" text DEFAULT '' NOT NULL,
	"sku" text NOT NULL,
	"barcode" text,
	"product_quantity" integer DEFAULT 0 NOT NULL,
	"reorder_quantity" integer DEFAULT 0 NOT NULL,
	"product_sale_price" numeric(14, 2),
	"product_purchase_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "product_variant_sku_unique" UNIQUE("sku"),
	CONSTRAINT "product_variant_barcode_unique" UNIQUE("barcode"),
	CONSTRAINT "product_variant_prices_not_negative" CHECK (coalesce("product_variant"."product_sale_price", 0) >= 0 and "product_variant"."product_purchase_price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "adjust_invoice_product" ADD COLUMN "product_variant_id" integer;--> statement-breakpoint
ALTER TABLE "purchase_reorder_invoice" ADD COLUMN "product_variant_id" integer;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD COLUMN "product_variant_id" integer;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "has_variants" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_invoice_product" ADD COLUMN "product_variant_id" integer;--> statement-breakpoint
ALTER TABLE "return_purchase_invoice_product" ADD COLUMN "product_variant_id" integer;--> statement-breakpoint
ALTER TABLE "return_sale_invoice_product" ADD COLUMN "product_variant_id" integer;--> statement-breakpoint
ALTER TABLE "sale_invoice_product" ADD COLUMN "product_variant_id" integer;--> statement-breakpoint
ALTER TABLE "cart_order_product" ADD COLUMN "product_variant_id" integer;--> statement-breakpoint
ALTER TABLE "cart_product" ADD COLUMN "product_variant_id" integer;--> statement-breakpoint
ALTER TABLE "return_cart_order_product" ADD COLUMN "product_variant_id" integer;--> statement-breakpoint
ALTER TABLE "product_variant" ADD CONSTRAINT "product_variant_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variant" ADD CONSTRAINT "product_variant_color_id_colors_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."colors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variant_combination" ON "product_variant" USING btree ("product_id",coalesce("color_id", 0),"attribute_key");--> statement-breakpoint
CREATE INDEX "product_variant_product_id_index" ON "product_variant" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "adjust_invoice_product" ADD CONSTRAINT "adjust_invoice_product_product_variant_id_product_variant_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_reorder_invoice" ADD CONSTRAINT "purchase_reorder_invoice_product_variant_id_product_variant_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_product_variant_id_product_variant_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoice_product" ADD CONSTRAINT "purchase_invoice_product_product_variant_id_product_variant_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_purchase_invoice_product" ADD CONSTRAINT "return_purchase_invoice_product_product_variant_id_product_variant_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_sale_invoice_product" ADD CONSTRAINT "return_sale_invoice_product_product_variant_id_product_variant_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_invoice_product" ADD CONSTRAINT "sale_invoice_product_product_variant_id_product_variant_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_order_product" ADD CONSTRAINT "cart_order_product_product_variant_id_product_variant_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_product" ADD CONSTRAINT "cart_product_product_variant_id_product_variant_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_cart_order_product" ADD CONSTRAINT "return_cart_order_product_product_variant_id_product_variant_id_fk" FOREIGN KEY ("product_variant_id") REFERENCES "public"."product_variant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_movement_product_variant_id_index" ON "stock_movement" USING btree ("product_variant_id") WHERE "stock_movement"."product_variant_id" is not null;