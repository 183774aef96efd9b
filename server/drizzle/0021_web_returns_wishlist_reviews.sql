CREATE TABLE "product_wishlist" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_wishlist_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_cart_order" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "return_cart_order_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"date" date NOT NULL,
	"cart_order_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"return_type" text NOT NULL,
	"return_cart_order_status" text DEFAULT 'PENDING' NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"total_vat_amount" numeric(14, 2) NOT NULL,
	"total_discount_amount" numeric(14, 2) NOT NULL,
	"coupon_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"cost" numeric(14, 2) NOT NULL,
	"note" text,
	"resend_cart_order_id" integer,
	"idempotency_key" text,
	CONSTRAINT "return_cart_order_type_in_set" CHECK ("return_cart_order"."return_type" in ('PRODUCT', 'REFUND')),
	CONSTRAINT "return_cart_order_status_in_set" CHECK ("return_cart_order"."return_cart_order_status" in ('PENDING', 'RECEIVED', 'REFUNDED', 'RESEND', 'RESENDED', 'REJECTED'))
);
--> statement-breakpoint
CREATE TABLE "return_cart_order_product" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "return_cart_order_product_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"return_cart_order_id" integer NOT NULL,
	"cart_order_product_id" integer NOT NULL,
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
	CONSTRAINT "return_cart_order_line_quantity_positive" CHECK ("return_cart_order_product"."product_quantity" > 0),
	CONSTRAINT "return_cart_order_line_discount_type_in_set" CHECK ("return_cart_order_product"."discount_type" in ('percentage', 'flat'))
);
--> statement-breakpoint
CREATE TABLE "review_image" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_image_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"review_id" integer NOT NULL,
	"image_name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_rating" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_rating_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"product_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"review" text,
	"verified_purchase" boolean DEFAULT false NOT NULL,
	CONSTRAINT "review_rating_range" CHECK ("review_rating"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "review_reply" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_reply_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"review_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"comment" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_order" ADD COLUMN "is_re_ordered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_order" ADD COLUMN "previous_cart_order_id" integer;--> statement-breakpoint
ALTER TABLE "product_wishlist" ADD CONSTRAINT "product_wishlist_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_wishlist" ADD CONSTRAINT "product_wishlist_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_cart_order" ADD CONSTRAINT "return_cart_order_cart_order_id_cart_order_id_fk" FOREIGN KEY ("cart_order_id") REFERENCES "public"."cart_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_cart_order" ADD CONSTRAINT "return_cart_order_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_cart_order" ADD CONSTRAINT "return_cart_order_resend_cart_order_id_cart_order_id_fk" FOREIGN KEY ("resend_cart_order_id") REFERENCES "public"."cart_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_cart_order_product" ADD CONSTRAINT "return_cart_order_product_return_cart_order_id_return_cart_order_id_fk" FOREIGN KEY ("return_cart_order_id") REFERENCES "public"."return_cart_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_cart_order_product" ADD CONSTRAINT "return_cart_order_product_cart_order_product_id_cart_order_product_id_fk" FOREIGN KEY ("cart_order_product_id") REFERENCES "public"."cart_order_product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_cart_order_product" ADD CONSTRAINT "return_cart_order_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_cart_order_product" ADD CONSTRAINT "return_cart_order_product_color_id_colors_id_fk" FOREIGN KEY ("color_id") REFERENCES "public"."colors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_image" ADD CONSTRAINT "review_image_review_id_review_rating_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."review_rating"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rating" ADD CONSTRAINT "review_rating_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_rating" ADD CONSTRAINT "review_rating_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reply" ADD CONSTRAINT "review_reply_review_id_review_rating_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."review_rating"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reply" ADD CONSTRAINT "review_reply_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_wishlist_line" ON "product_wishlist" USING btree ("customer_id","product_id");--> statement-breakpoint
CREATE INDEX "product_wishlist_product_id_index" ON "product_wishlist" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "return_cart_order_cart_order_id_index" ON "return_cart_order" USING btree ("cart_order_id");--> statement-breakpoint
CREATE INDEX "return_cart_order_customer_id_id_index" ON "return_cart_order" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "return_cart_order_return_cart_order_status_id_index" ON "return_cart_order" USING btree ("return_cart_order_status","id");--> statement-breakpoint
CREATE INDEX "return_cart_order_date_index" ON "return_cart_order" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "return_cart_order_idempotency" ON "return_cart_order" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "return_cart_order_product_return_cart_order_id_index" ON "return_cart_order_product" USING btree ("return_cart_order_id");--> statement-breakpoint
CREATE INDEX "return_cart_order_product_cart_order_product_id_index" ON "return_cart_order_product" USING btree ("cart_order_product_id");--> statement-breakpoint
CREATE INDEX "return_cart_order_product_product_id_index" ON "return_cart_order_product" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "review_image_review_id_index" ON "review_image" USING btree ("review_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_rating_one_per_customer" ON "review_rating" USING btree ("product_id","customer_id");--> statement-breakpoint
CREATE INDEX "review_rating_product_id_status_id_index" ON "review_rating" USING btree ("product_id","status","id");--> statement-breakpoint
CREATE INDEX "review_rating_customer_id_index" ON "review_rating" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "review_reply_review_id_index" ON "review_reply" USING btree ("review_id");