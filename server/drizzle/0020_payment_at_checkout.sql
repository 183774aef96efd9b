ALTER TABLE "payment_method" ADD COLUMN "at_checkout" text DEFAULT 'false' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_method" ADD CONSTRAINT "payment_method_at_checkout_in_set" CHECK ("payment_method"."at_checkout" in ('true', 'false'));--> statement-breakpoint
UPDATE "payment_method" SET "at_checkout" = 'true' WHERE "is_cod" = 'true';
