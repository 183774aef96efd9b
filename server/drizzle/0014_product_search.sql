CREATE TABLE "product_search" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"status" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"search" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_text_trgm" ON "product_search" USING gin ("search" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE FUNCTION "product_search_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_search" ("product_id", "status", "created_at", "search")
  VALUES (NEW."id", NEW."status", NEW."created_at", NEW."search")
  ON CONFLICT ("product_id") DO UPDATE
    SET "status" = EXCLUDED."status", "created_at" = EXCLUDED."created_at", "search" = EXCLUDED."search";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "product_search_keep" AFTER INSERT OR UPDATE OF "name", "sku", "status", "created_at" ON "product"
  FOR EACH ROW EXECUTE FUNCTION "product_search_keep"();--> statement-breakpoint
INSERT INTO "product_search" ("product_id", "status", "created_at", "search")
  SELECT "id", "status", "created_at", "search" FROM "product";
