CREATE TABLE "idempotency_key" (
	"scope" text NOT NULL,
	"route" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_key_scope_route_key_pk" PRIMARY KEY("scope","route","key")
);
--> statement-breakpoint
DROP INDEX "cart_order_idempotency";--> statement-breakpoint
DROP INDEX "return_cart_order_idempotency";--> statement-breakpoint
CREATE INDEX "idempotency_key_created_at_index" ON "idempotency_key" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "cart_order" DROP COLUMN "idempotency_key";--> statement-breakpoint
ALTER TABLE "return_cart_order" DROP COLUMN "idempotency_key";