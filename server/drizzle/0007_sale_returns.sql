CREATE TABLE "return_sale_invoice" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "return_sale_invoice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"date" date NOT NULL,
	"sale_invoice_id" integer NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"tax" numeric(14, 2) DEFAULT 0 NOT NULL,
	"instant_return_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"note" text,
	"invoice_memo_no" text,
	"user_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_sale_invoice_product" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "return_sale_invoice_product_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" integer NOT NULL,
	"sale_invoice_product_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_quantity" integer NOT NULL,
	"product_unit_sale_price" numeric(14, 2) NOT NULL,
	"product_final_amount" numeric(14, 2) NOT NULL,
	"tax" numeric(5, 2) DEFAULT 0 NOT NULL,
	"tax_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"unit_cost" numeric(14, 2) NOT NULL,
	CONSTRAINT "sale_return_quantity_positive" CHECK ("return_sale_invoice_product"."product_quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "transaction" ADD COLUMN "reverses_id" integer;--> statement-breakpoint
ALTER TABLE "return_sale_invoice" ADD CONSTRAINT "return_sale_invoice_sale_invoice_id_sale_invoice_id_fk" FOREIGN KEY ("sale_invoice_id") REFERENCES "public"."sale_invoice"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_sale_invoice" ADD CONSTRAINT "return_sale_invoice_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_sale_invoice_product" ADD CONSTRAINT "return_sale_invoice_product_invoice_id_return_sale_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."return_sale_invoice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_sale_invoice_product" ADD CONSTRAINT "return_sale_invoice_product_sale_invoice_product_id_sale_invoice_product_id_fk" FOREIGN KEY ("sale_invoice_product_id") REFERENCES "public"."sale_invoice_product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_sale_invoice_product" ADD CONSTRAINT "return_sale_invoice_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_sale_invoice_sale_invoice_id_index" ON "return_sale_invoice" USING btree ("sale_invoice_id");--> statement-breakpoint
CREATE INDEX "return_sale_invoice_date_index" ON "return_sale_invoice" USING btree ("date");--> statement-breakpoint
CREATE INDEX "return_sale_invoice_product_invoice_id_index" ON "return_sale_invoice_product" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "return_sale_invoice_product_sale_invoice_product_id_index" ON "return_sale_invoice_product" USING btree ("sale_invoice_product_id");--> statement-breakpoint
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_reverses_id_transaction_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_reverses_id_unique" UNIQUE("reverses_id");