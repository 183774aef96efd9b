CREATE SEQUENCE "public"."purchase_request_number" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "discount" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discount_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	CONSTRAINT "discount_name_unique" UNIQUE("name"),
	CONSTRAINT "discount_window" CHECK ("discount"."end_date" >= "discount"."start_date"),
	CONSTRAINT "discount_value" CHECK ("discount"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"sku" text NOT NULL,
	"description" text,
	"product_thumbnail_image" text,
	"product_sub_category_id" integer,
	"product_brand_id" integer,
	"product_quantity" integer DEFAULT 0 NOT NULL,
	"reorder_quantity" integer DEFAULT 0 NOT NULL,
	"product_sale_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"product_purchase_price" numeric(14, 2) DEFAULT 0 NOT NULL,
	"uom_id" integer,
	"uom_value" numeric(12, 3),
	"product_vat_id" integer,
	"discount_id" integer,
	CONSTRAINT "product_name_unique" UNIQUE("name"),
	CONSTRAINT "product_sku_unique" UNIQUE("sku"),
	CONSTRAINT "product_quantity_not_negative" CHECK ("product"."product_quantity" >= 0),
	CONSTRAINT "product_prices_not_negative" CHECK ("product"."product_sale_price" >= 0 and "product"."product_purchase_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_color" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_color_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"product_id" integer NOT NULL,
	"color_id" integer NOT NULL,
	CONSTRAINT "product_color_productId_colorId_unique" UNIQUE("product_id","color_id")
);
--> statement-breakpoint
CREATE TABLE "product_image" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_image_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"product_id" integer NOT NULL,
	"image_name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_product_attribute_value" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_product_attribute_value_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"product_id" integer NOT NULL,
	"product_attribute_value_id" integer NOT NULL,
	CONSTRAINT "product_product_attribute_value_productId_productAttributeValueId_unique" UNIQUE("product_id","product_attribute_value_id")
);
--> statement-breakpoint
CREATE TABLE "slider_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "slider_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"image" text NOT NULL,
	"link_url" text,
	"index" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adjust_invoice" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "adjust_invoice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"date" date DEFAULT now() NOT NULL,
	"note" text,
	"user_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adjust_invoice_product" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "adjust_invoice_product_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"adjust_invoice_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"adjust_quantity" integer NOT NULL,
	"adjust_type" text NOT NULL,
	"reason" text,
	"unit_cost" numeric(14, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "adjust_quantity_positive" CHECK ("adjust_invoice_product"."adjust_quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_reorder_invoice" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "purchase_reorder_invoice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reorder_invoice_id" text NOT NULL,
	"product_id" integer NOT NULL,
	"product_quantity" integer NOT NULL,
	CONSTRAINT "reorder_quantity_positive" CHECK ("purchase_reorder_invoice"."product_quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movement" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_movement_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"document_type" text,
	"document_id" text,
	"unit_cost" numeric(14, 2) DEFAULT 0 NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movement_not_zero" CHECK ("stock_movement"."quantity" <> 0)
);
--> statement-breakpoint
CREATE TABLE "transaction" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transaction_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"date" date NOT NULL,
	"debit_id" integer NOT NULL,
	"credit_id" integer NOT NULL,
	"particulars" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"type" text NOT NULL,
	"related_id" text,
	CONSTRAINT "transaction_amount_positive" CHECK ("transaction"."amount" > 0),
	CONSTRAINT "transaction_two_accounts" CHECK ("transaction"."debit_id" <> "transaction"."credit_id")
);
--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_product_sub_category_id_product_sub_category_id_fk" FOREIGN KEY ("product_sub_category_id") REFERENCES "public"."product_sub_category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_product_brand_id_product_brand_id_fk" FOREIGN KEY ("product_brand_id") REFERENCES "public"."product_brand"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_uom_id_uom_id_fk" FOREIGN KEY ("uom_id") REFERENCES "public"."uom"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_product_vat_id_product_vat_id_fk" FOREIGN KEY ("product_vat_id") REFERENCES "public"."product_vat"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_discount_id_discount_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discount"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_color" ADD CONSTRAINT "product_color_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_color" ADD CONSTRAINT "product_color_color_id_colors_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."colors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_image" ADD CONSTRAINT "product_image_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_product_attribute_value" ADD CONSTRAINT "product_product_attribute_value_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_product_attribute_value" ADD CONSTRAINT "product_product_attribute_value_product_attribute_value_id_product_attribute_value_id_fk" FOREIGN KEY ("product_attribute_value_id") REFERENCES "public"."product_attribute_value"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjust_invoice" ADD CONSTRAINT "adjust_invoice_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjust_invoice_product" ADD CONSTRAINT "adjust_invoice_product_adjust_invoice_id_adjust_invoice_id_fk" FOREIGN KEY ("adjust_invoice_id") REFERENCES "public"."adjust_invoice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjust_invoice_product" ADD CONSTRAINT "adjust_invoice_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_reorder_invoice" ADD CONSTRAINT "purchase_reorder_invoice_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_debit_id_sub_account_id_fk" FOREIGN KEY ("debit_id") REFERENCES "public"."sub_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_credit_id_sub_account_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."sub_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_product_sub_category_id_index" ON "product" USING btree ("product_sub_category_id");--> statement-breakpoint
CREATE INDEX "product_product_brand_id_index" ON "product" USING btree ("product_brand_id");--> statement-breakpoint
CREATE INDEX "product_image_product_id_index" ON "product_image" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "adjust_invoice_product_adjust_invoice_id_index" ON "adjust_invoice_product" USING btree ("adjust_invoice_id");--> statement-breakpoint
CREATE INDEX "purchase_reorder_invoice_reorder_invoice_id_index" ON "purchase_reorder_invoice" USING btree ("reorder_invoice_id");--> statement-breakpoint
CREATE INDEX "stock_movement_product_id_created_at_index" ON "stock_movement" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "transaction_type_related_id_index" ON "transaction" USING btree ("type","related_id");--> statement-breakpoint
CREATE INDEX "transaction_date_index" ON "transaction" USING btree ("date");