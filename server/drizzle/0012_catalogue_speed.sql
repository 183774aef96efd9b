CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "product_public_newest" ON "product" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "product"."status";--> statement-breakpoint
CREATE INDEX "product_name_trgm" ON "product" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_sku_trgm" ON "product" USING gin ("sku" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "product_color_color_id_index" ON "product_color" USING btree ("color_id");