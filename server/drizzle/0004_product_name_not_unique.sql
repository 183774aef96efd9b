ALTER TABLE "product" DROP CONSTRAINT "product_name_unique";--> statement-breakpoint
CREATE INDEX "product_name_index" ON "product" USING btree ("name");