ALTER TABLE "account" DROP CONSTRAINT "account_type_in_set";--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "system_key" text;--> statement-breakpoint
ALTER TABLE "transaction" ADD COLUMN "vat_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_systemKey_unique" UNIQUE("system_key");--> statement-breakpoint
UPDATE "account" a SET "system_key" = lower(a."type") WHERE a."id" = (SELECT min(b."id") FROM "account" b WHERE b."type" = a."type");--> statement-breakpoint
UPDATE "account" SET "type" = 'Equity' WHERE "type" = 'Withdrawal';--> statement-breakpoint
UPDATE "account" SET "type" = 'Equity' WHERE "type" not in ('Asset', 'Liability', 'Equity', 'Revenue', 'Expense');--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_type_in_set" CHECK ("account"."type" in ('Asset', 'Liability', 'Equity', 'Revenue', 'Expense'));
