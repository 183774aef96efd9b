ALTER TABLE "salary_history" ADD COLUMN "period" text DEFAULT 'month' NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_order" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "salary_history" ADD CONSTRAINT "salary_history_period_in_set" CHECK ("salary_history"."period" in ('hour', 'day', 'week', 'month', 'year'));