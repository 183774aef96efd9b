CREATE TABLE "sale_invoice" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sale_invoice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"date" date NOT NULL,
	"state" text NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"total_tax_amount" numeric(14, 2) NOT NULL,
	"total_discount_amount" numeric(14, 2) NOT NULL,
	"profit" numeric(14, 2) NOT NULL,
	"note" text,
	CONSTRAINT "sale_invoice_state_in_set" CHECK ("sale_invoice"."state" in ('completed', 'held', 'cancelled', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "sale_invoice_product" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sale_invoice_product_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_quantity" integer NOT NULL,
	"product_unit_sale_price" numeric(14, 2) NOT NULL,
	"product_discount" numeric(14, 2) NOT NULL,
	"product_final_amount" numeric(14, 2) NOT NULL,
	"tax" numeric(14, 2) NOT NULL,
	"tax_amount" numeric(14, 2) NOT NULL,
	"unit_cost" numeric(14, 2) NOT NULL,
	CONSTRAINT "sale_line_quantity_positive" CHECK ("sale_invoice_product"."product_quantity" > 0),
	CONSTRAINT "sale_line_amounts" CHECK ("sale_invoice_product"."product_discount" >= 0 and "sale_invoice_product"."product_final_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product" DROP CONSTRAINT "product_quantity_not_negative";--> statement-breakpoint
ALTER TABLE "sale_invoice" ADD CONSTRAINT "sale_invoice_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_invoice" ADD CONSTRAINT "sale_invoice_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_invoice_product" ADD CONSTRAINT "sale_invoice_product_invoice_id_sale_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."sale_invoice"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_invoice_product" ADD CONSTRAINT "sale_invoice_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_invoice_customer_id_index" ON "sale_invoice" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sale_invoice_date_index" ON "sale_invoice" USING btree ("date");--> statement-breakpoint
CREATE INDEX "sale_invoice_product_invoice_id_index" ON "sale_invoice_product" USING btree ("invoice_id");