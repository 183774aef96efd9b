CREATE TABLE "till" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "till_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"sub_account_id" integer NOT NULL,
	"payment_method_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"receipt_size" text DEFAULT '80mm' NOT NULL,
	"float_left" numeric(14, 2) DEFAULT 0 NOT NULL,
	"last_z_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "till_name_unique" UNIQUE("name"),
	CONSTRAINT "till_subAccountId_unique" UNIQUE("sub_account_id"),
	CONSTRAINT "till_receipt_size_in_set" CHECK ("till"."receipt_size" in ('58mm', '80mm', 'A4'))
);
--> statement-breakpoint
CREATE TABLE "till_cash" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "till_cash_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"type" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reason" text NOT NULL,
	"sub_account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "till_cash_type_in_set" CHECK ("till_cash"."type" in ('IN', 'OUT', 'DROP')),
	CONSTRAINT "till_cash_amount_positive" CHECK ("till_cash"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "till_no_sale" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "till_no_sale_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "till_session" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "till_session_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"till_id" integer NOT NULL,
	"state" text DEFAULT 'OPEN' NOT NULL,
	"opening_float" numeric(14, 2) NOT NULL,
	"float_difference" numeric(14, 2) DEFAULT 0 NOT NULL,
	"opened_by" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"z_number" integer,
	"float_left" numeric(14, 2),
	"variance" numeric(14, 2),
	"z_report" jsonb,
	CONSTRAINT "till_session_state_in_set" CHECK ("till_session"."state" in ('OPEN', 'CLOSED'))
);
--> statement-breakpoint
ALTER TABLE "transaction" DROP CONSTRAINT "transaction_type_in_set";--> statement-breakpoint
ALTER TABLE "transaction" ADD COLUMN "till_session_id" integer;--> statement-breakpoint
ALTER TABLE "transaction" ADD COLUMN "payment_method_id" integer;--> statement-breakpoint
ALTER TABLE "return_sale_invoice" ADD COLUMN "till_session_id" integer;--> statement-breakpoint
ALTER TABLE "sale_invoice" ADD COLUMN "till_session_id" integer;--> statement-breakpoint
ALTER TABLE "till" ADD CONSTRAINT "till_sub_account_id_sub_account_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_cash" ADD CONSTRAINT "till_cash_session_id_till_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."till_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_cash" ADD CONSTRAINT "till_cash_sub_account_id_sub_account_id_fk" FOREIGN KEY ("sub_account_id") REFERENCES "public"."sub_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_cash" ADD CONSTRAINT "till_cash_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_no_sale" ADD CONSTRAINT "till_no_sale_session_id_till_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."till_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_no_sale" ADD CONSTRAINT "till_no_sale_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_session" ADD CONSTRAINT "till_session_till_id_till_id_fk" FOREIGN KEY ("till_id") REFERENCES "public"."till"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_session" ADD CONSTRAINT "till_session_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "till_session" ADD CONSTRAINT "till_session_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "till_cash_session_id_index" ON "till_cash" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "till_no_sale_session_id_index" ON "till_no_sale" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "till_session_one_open" ON "till_session" USING btree ("till_id") WHERE "till_session"."state" = 'OPEN';--> statement-breakpoint
CREATE UNIQUE INDEX "till_session_z_number" ON "till_session" USING btree ("till_id","z_number");--> statement-breakpoint
CREATE INDEX "till_session_till_id_id_index" ON "till_session" USING btree ("till_id","id");--> statement-breakpoint
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_till_session_id_till_session_id_fk" FOREIGN KEY ("till_session_id") REFERENCES "public"."till_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_payment_method_id_payment_method_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_method"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_sale_invoice" ADD CONSTRAINT "return_sale_invoice_till_session_id_till_session_id_fk" FOREIGN KEY ("till_session_id") REFERENCES "public"."till_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_invoice" ADD CONSTRAINT "sale_invoice_till_session_id_till_session_id_fk" FOREIGN KEY ("till_session_id") REFERENCES "public"."till_session"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_till_session_index" ON "transaction" USING btree ("till_session_id") WHERE "transaction"."till_session_id" is not null;--> statement-breakpoint
CREATE INDEX "return_sale_invoice_till_session_id_index" ON "return_sale_invoice" USING btree ("till_session_id") WHERE "return_sale_invoice"."till_session_id" is not null;--> statement-breakpoint
CREATE INDEX "sale_invoice_till_session_id_index" ON "sale_invoice" USING btree ("till_session_id") WHERE "sale_invoice"."till_session_id" is not null;--> statement-breakpoint
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_type_in_set" CHECK ("transaction"."type" in ('sale', 'saleReturn', 'purchase', 'purchaseReturn', 'vat', 'vatReturn', 'transaction', 'adjustment', 'order', 'orderReturn', 'till'));