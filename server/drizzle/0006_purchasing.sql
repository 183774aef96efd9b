CREATE TABLE "purchase_invoice" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "purchase_invoice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"date" date NOT NULL,
	"supplier_id" integer NOT NULL,
	"note" text,
	"supplier_memo_no" text,
	"invoice_memo_no" text,
	"total_amount" numeric(14, 2) NOT NULL,
	"total_tax" numeric(14, 2) NOT NULL,
	"paid_amount" numeric(14, 2) NOT NULL,
	"due_amount" numeric(14, 2) NOT NULL,
	"user_id" integer,
	CONSTRAINT "purchase_invoice_state_in_set" CHECK ("purchase_invoice"."state" in ('active', 'undone'))
);
--> statement-breakpoint
CREATE TABLE "purchase_invoice_product" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "purchase_invoice_product_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_quantity" integer NOT NULL,
	"product_unit_purchase_price" numeric(14, 2) NOT NULL,
	"product_unit_sale_price" numeric(14, 2),
	"product_final_amount" numeric(14, 2) NOT NULL,
	"tax" numeric(5, 2) DEFAULT 0 NOT NULL,
	"tax_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_line_quantity_positive" CHECK ("purchase_invoice_product"."product_quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_purchase_invoice" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "return_purchase_invoice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"date" date NOT NULL,
	"purchase_invoice_id" integer NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"tax" numeric(14, 2) DEFAULT 0 NOT NULL,
	"instant_return_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"note" text,
	"invoice_memo_no" text,
	"user_id" integer
);
--> statement-breakpoint
CREATE TABLE "return_purchase_invoice_product" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "return_purchase_invoice_product_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"invoice_id" integer NOT NULL,
	"purchase_invoice_product_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_quantity" integer NOT NULL,
	"product_unit_purchase_price" numeric(14, 2) NOT NULL,
	"product_final_amount" numeric(14, 2) NOT NULL,
	"tax" numeric(5, 2) DEFAULT 0 NOT NULL,
	"tax_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_return_quantity_positive" CHECK ("return_purchase_invoice_product"."product_quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "supplier" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"address" text,
	"email" text,
	CONSTRAINT "supplier_phone_unique" UNIQUE("phone"),
	CONSTRAINT "supplier_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "stock_movement" DROP CONSTRAINT "stock_movement_reason_in_set";--> statement-breakpoint
ALTER TABLE "purchase_invoice" ADD CONSTRAINT "purchase_invoice_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoice" ADD CONSTRAINT "purchase_invoice_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoice_product" ADD CONSTRAINT "purchase_invoice_product_invoice_id_purchase_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."purchase_invoice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoice_product" ADD CONSTRAINT "purchase_invoice_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_purchase_invoice" ADD CONSTRAINT "return_purchase_invoice_purchase_invoice_id_purchase_invoice_id_fk" FOREIGN KEY ("purchase_invoice_id") REFERENCES "public"."purchase_invoice"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_purchase_invoice" ADD CONSTRAINT "return_purchase_invoice_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_purchase_invoice_product" ADD CONSTRAINT "return_purchase_invoice_product_invoice_id_return_purchase_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."return_purchase_invoice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_purchase_invoice_product" ADD CONSTRAINT "return_purchase_invoice_product_purchase_invoice_product_id_purchase_invoice_product_id_fk" FOREIGN KEY ("purchase_invoice_product_id") REFERENCES "public"."purchase_invoice_product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_purchase_invoice_product" ADD CONSTRAINT "return_purchase_invoice_product_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_invoice_supplier_id_index" ON "purchase_invoice" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "purchase_invoice_date_index" ON "purchase_invoice" USING btree ("date");--> statement-breakpoint
CREATE INDEX "purchase_invoice_product_invoice_id_index" ON "purchase_invoice_product" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "return_purchase_invoice_purchase_invoice_id_index" ON "return_purchase_invoice" USING btree ("purchase_invoice_id");--> statement-breakpoint
CREATE INDEX "return_purchase_invoice_product_invoice_id_index" ON "return_purchase_invoice_product" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_reason_in_set" CHECK ("stock_movement"."reason" in ('opening', 'adjustment', 'adjustmentReversal', 'purchase', 'purchaseReversal', 'purchaseReturn', 'sale', 'saleReturn', 'order', 'orderCancel', 'orderReturn', 'import'));