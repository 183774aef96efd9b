ALTER TABLE "app_setting" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "adjust_invoice" ADD COLUMN "state" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_subject_kind_in_set" CHECK ("refresh_token"."subject_kind" in ('staff', 'customer'));--> statement-breakpoint
ALTER TABLE "app_setting" ADD CONSTRAINT "app_setting_dashboard_type_in_set" CHECK ("app_setting"."dashboard_type" in ('e-commerce', 'inventory', 'both'));--> statement-breakpoint
ALTER TABLE "courier_medium" ADD CONSTRAINT "courier_medium_type_in_set" CHECK ("courier_medium"."type" in ('courier', 'deliveryBoy'));--> statement-breakpoint
ALTER TABLE "page_size" ADD CONSTRAINT "page_size_unit_in_set" CHECK ("page_size"."unit" in ('inches', 'mm', 'cm'));--> statement-breakpoint
ALTER TABLE "payment_method" ADD CONSTRAINT "payment_method_is_active_in_set" CHECK ("payment_method"."is_active" in ('true', 'false'));--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_type_in_set" CHECK ("account"."type" in ('Asset', 'Liability', 'Equity', 'Withdrawal', 'Revenue', 'Expense'));--> statement-breakpoint
ALTER TABLE "discount" ADD CONSTRAINT "discount_type_in_set" CHECK ("discount"."type" in ('percentage', 'flat'));--> statement-breakpoint
ALTER TABLE "adjust_invoice" ADD CONSTRAINT "adjust_invoice_state_in_set" CHECK ("adjust_invoice"."state" in ('active', 'reversed'));--> statement-breakpoint
ALTER TABLE "adjust_invoice_product" ADD CONSTRAINT "adjust_invoice_product_adjust_type_in_set" CHECK ("adjust_invoice_product"."adjust_type" in ('increment', 'decrement'));--> statement-breakpoint
ALTER TABLE "stock_movement" ADD CONSTRAINT "stock_movement_reason_in_set" CHECK ("stock_movement"."reason" in ('opening', 'adjustment', 'adjustmentReversal', 'purchase', 'purchaseReturn', 'sale', 'saleReturn', 'order', 'orderCancel', 'orderReturn', 'import'));--> statement-breakpoint
ALTER TABLE "transaction" ADD CONSTRAINT "transaction_type_in_set" CHECK ("transaction"."type" in ('sale', 'saleReturn', 'purchase', 'purchaseReturn', 'vat', 'vatReturn', 'transaction', 'adjustment'));