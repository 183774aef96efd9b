CREATE TABLE "cart" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_id" integer NOT NULL,
	CONSTRAINT "cart_customerId_unique" UNIQUE("customer_id")
);
--> statement-breakpoint
CREATE TABLE "cart_order" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_order_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"date" date NOT NULL,
	"order_status" text DEFAULT 'PENDING' NOT NULL,
	"customer_id" integer NOT NULL,
	"payment_method_id" integer NOT NULL,
	"is_cod" boolean NOT NULL,
	"product_amount" numeric(14, 2) NOT NULL,
	"total_vat_amount" numeric(14, 2) NOT NULL,
	"total_discount_amount" numeric(14, 2) NOT NULL,
	"coupon_id" integer,
	"coupon_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"delivery_fee_id" integer,
	"delivery_area" text,
	"delivery_fee" numeric(14, 2) DEFAULT 0 NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"paid_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"due_amount" numeric(14, 2) NOT NULL,
	"cost" numeric(14, 2) NOT NULL,
	"profit" numeric(14, 2) NOT NULL,
	"delivery_address" text,
	"customer_phone" text,
	"note" text,
	"courier_medium_id" integer,
	"idempotency_key" text,
	CONSTRAINT "cart_order_status_in_set" CHECK ("cart_order"."order_status" in ('PENDING', 'RECEIVED', 'SHIPPED', 'DELIVERED', 'CANCELLED', 'RETURNED'))
);
--> statement-breakpoint
CREATE TABLE "cart_order_product" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_order_product_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"color_id" integer,
	"attribute_value_ids" integer[] DEFAULT '{}' NOT NULL,
	"product_quantity" integer NOT NULL,
	"product_sale_price" numeric(14, 2) NOT NULL,
	"product_vat" numeric(5, 2) NOT NULL,
	"discount_type" text,
	"discount" numeric(14, 2) NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"line_total" numeric(14, 2) NOT NULL,
	"vat_amount" numeric(14, 2) NOT NULL,
	"unit_cost" numeric(14, 2) NOT NULL,
	CONSTRAINT "cart_order_line_quantity_positive" CHECK ("cart_order_product"."product_quantity" > 0),
	CONSTRAINT "cart_order_line_discount_type_in_set" CHECK ("cart_order_product"."discount_type" in ('percentage', 'flat'))
);
--> statement-breakpoint
CREATE TABLE "cart_product" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cart_product_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cart_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"color_id" integer,
	"attribute_value_ids" integer[] DEFAULT '{}' NOT NULL,
	"attribute_key" text DEFAULT '' NOT NULL,
	"product_quantity" integer NOT NULL,
	"added_price" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_product_quantity_positive" CHECK ("cart_product"."product_quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "coupon" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupon_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"coupon_code" text NOT NULL,
	"type" text DEFAULT 'percentage' NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"minimum_order" numeric(14, 2),
	"description" text,
	CONSTRAINT "coupon_couponCode_unique" UNIQUE("coupon_code"),
	CONSTRAINT "coupon_type_in_set" CHECK ("coupon"."type" in ('flat', 'percentage')),
	CONSTRAINT "coupon_value_positive" CHECK ("coupon"."value" > 0)
);
--> statement-breakpoint
CREATE TABLE "manual_payment" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "manual_payment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cart_order_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"payment_method_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"manual_transaction_id" text NOT NULL,
	"customer_account" text,
	"customer_transaction_id" text,
	"is_verified" text DEFAULT 'Pending' NOT NULL,
	"verified_by" integer,
	CONSTRAINT "manual_payment_manualTransactionId_unique" UNIQUE("manual_transaction_id"),
	CONSTRAINT "manual_payment_is_verified_in_set" CHECK ("manual_payment"."is_verified" in ('Pending', 'Accept', 'Reject'))
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_status_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cart_order_id" integer NOT NULL,
	"order_status" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_status_history_status_in_set" CHECK ("order_status_history"."order_status" in ('PENDING', 'RECEIVED', 'SHIPPED', 'DELIVERED', 'CANCELLED', 'RETURNED'))
);
--> statement-breakpoint
ALTER TABLE "transaction" DROP CONSTRAINT "transaction_type_in_set";--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_in_set";--> statement-breakpoint
ALTER TABLE "payment_method" ADD COLUMN "is_cod" text DEFAULT 'false' NOT NULL;--> statement-breakpoint
ALTER TABLE "cart" ADD CONSTRAINT "cart_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_order" ADD CONSTRAINT "cart_order_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_order" ADD CONSTRAINT "cart_order_payment_method_id_payment_method_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_method"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_order" ADD CONSTRAINT "cart_order_coupon_id_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupon"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_order" ADD CONSTRAINT "cart_order_delivery_fee_id_delivery_fee_id_fk" FOREIGN KEY ("delivery_fee_id") REFERENCES "public"."delivery_fee"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_order" ADD CONSTRAINT "cart_order_courier_medium_id_courier_medium_id_fk" FOREIGN KEY ("courier_medium_id") REFERENCES "public"."courier_medium"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_order_product" ADD CONSTRAINT "cart_order_product_invoice_id_cart_order_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."cart_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_order_product" ADD CONSTRAINT "cart_order_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_order_product" ADD CONSTRAINT "cart_order_product_color_id_colors_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."colors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_product" ADD CONSTRAINT "cart_product_cart_id_cart_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."cart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_product" ADD CONSTRAINT "cart_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_product" ADD CONSTRAINT "cart_product_color_id_colors_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."colors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_payment" ADD CONSTRAINT "manual_payment_cart_order_id_cart_order_id_fk" FOREIGN KEY ("cart_order_id") REFERENCES "public"."cart_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_payment" ADD CONSTRAINT "manual_payment_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_payment" ADD CONSTRAINT "manual_payment_payment_method_id_payment_method_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_method"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_payment" ADD CONSTRAINT "manual_payment_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_cart_order_id_cart_order_id_fk" FOREIGN KEY ("cart_order_id") REFERENCES "public"."cart_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_order_customer_id_id_index" ON "cart_order" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "cart_order_order_status_id_index" ON "cart_order" USING btree ("order_status","id");--> statement-breakpoint
CREATE INDEX "cart_order_date_index" ON "cart_order" USING btree ("date");--> statement-breakpoint
CREATE INDEX "cart_order_courier_medium_id_index" ON "cart_order" USING btree ("courier_medium_id");--> statement-breakpoint
CREATE INDEX "cart_order_coupon_id_index" ON "cart_order" USING btree ("coupon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_order_idempotency" ON "cart_order" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "cart_order_product_invoice_id_index" ON "cart_order_product" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "cart_order_product_product_id_index" ON "cart_order_product" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_product_line" ON "cart_product" USING btree ("cart_id","product_id",coalesce("color_id", 0),"attribute_key");--> statement-breakpoint
CREATE INDEX "manual_payment_cart_order_id_index" ON "manual_payment" USING btree ("cart_order_id");--> statement-breakpoint
CREATE INDEX "manual_payment_customer_id_index" ON "manual_payment" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "manual_payment_created_at_index" ON "manual_payment" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_status_history_cart_order_id_index" ON "order_status_history" USING btree ("cart_order_id");--> statement-breakpoint
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_type_in_set" CHECK ("transaction"."type" in ('sale', 'saleReturn', 'purchase', 'purchaseReturn', 'vat', 'vatReturn', 'transaction', 'adjustment', 'order', 'orderReturn'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_in_set" CHECK ("outbox"."kind" in ('welcome', 'passwordReset', 'freeForm', 'invoice', 'test', 'order'));--> statement-breakpoint
ALTER TABLE "payment_method" ADD CONSTRAINT "payment_method_is_cod_in_set" CHECK ("payment_method"."is_cod" in ('true', 'false'));--> statement-breakpoint
UPDATE "payment_method" SET "is_cod" = 'true' WHERE "method_name" = 'Cash on delivery' AND "at_till" = 'false';
