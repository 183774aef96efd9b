CREATE TABLE "appointment" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appointment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" integer DEFAULT 0 NOT NULL,
	"lead_id" integer,
	"customer_id" integer,
	"user_id" integer NOT NULL,
	"date" date NOT NULL,
	"time" time NOT NULL,
	"duration_minutes" integer DEFAULT 30 NOT NULL,
	"notes" text,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_status_in_set" CHECK ("appointment"."status" in (0, 1, 2, 3, 4)),
	CONSTRAINT "appointment_for_someone" CHECK ("appointment"."lead_id" is not null or "appointment"."customer_id" is not null),
	CONSTRAINT "appointment_duration" CHECK ("appointment"."duration_minutes" between 5 and 720)
);
--> statement-breakpoint
CREATE TABLE "lead" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"lead_owner_id" integer NOT NULL,
	"lead_source_id" integer,
	"lead_status" text DEFAULT 'new' NOT NULL,
	"lead_value" numeric(14, 2),
	"notes" text,
	"is_converted" boolean DEFAULT false NOT NULL,
	"customer_id" integer,
	CONSTRAINT "lead_status_in_set" CHECK ("lead"."lead_status" in ('new', 'contacted', 'qualified', 'working', 'customer', 'lost', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "lead_source" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lead_source_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "lead_source_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_in_set";--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_lead_id_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."lead"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead" ADD CONSTRAINT "lead_lead_owner_id_users_id_fk" FOREIGN KEY ("lead_owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead" ADD CONSTRAINT "lead_lead_source_id_lead_source_id_fk" FOREIGN KEY ("lead_source_id") REFERENCES "public"."lead_source"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead" ADD CONSTRAINT "lead_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_user_id_date_index" ON "appointment" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "appointment_date_status_index" ON "appointment" USING btree ("date","status");--> statement-breakpoint
CREATE INDEX "appointment_lead_id_index" ON "appointment" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "appointment_customer_id_index" ON "appointment" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_email" ON "lead" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "lead_lead_owner_id_index" ON "lead" USING btree ("lead_owner_id");--> statement-breakpoint
CREATE INDEX "lead_lead_status_id_index" ON "lead" USING btree ("lead_status","id");--> statement-breakpoint
CREATE INDEX "lead_lead_source_id_index" ON "lead" USING btree ("lead_source_id");--> statement-breakpoint
CREATE INDEX "lead_customer_id_index" ON "lead" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_in_set" CHECK ("outbox"."kind" in ('welcome', 'passwordReset', 'freeForm', 'invoice', 'test', 'order', 'appointment'));--> statement-breakpointCREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "appointment" ADD CONSTRAINT "appointment_no_overlap" EXCLUDE USING gist ("user_id" WITH =, tsrange("date" + "time", "date" + "time" + "duration_minutes" * interval '1 minute') WITH &&) WHERE ("status" in (0, 1, 2));--> statement-breakpoint
UPDATE "designation_history" h SET "end_date" = n.next_start - 1 FROM (SELECT id, lead("start_date") OVER (PARTITION BY "user_id" ORDER BY "start_date", id) AS next_start FROM "designation_history" WHERE "status") n WHERE h.id = n.id AND n.next_start IS NOT NULL AND (h."end_date" IS NULL OR h."end_date" >= n.next_start);--> statement-breakpoint
UPDATE "designation_history" SET "status" = false WHERE "end_date" < "start_date";--> statement-breakpoint
UPDATE "salary_history" h SET "end_date" = n.next_start - 1 FROM (SELECT id, lead("start_date") OVER (PARTITION BY "user_id" ORDER BY "start_date", id) AS next_start FROM "salary_history" WHERE "status") n WHERE h.id = n.id AND n.next_start IS NOT NULL AND (h."end_date" IS NULL OR h."end_date" >= n.next_start);--> statement-breakpoint
UPDATE "salary_history" SET "status" = false WHERE "end_date" < "start_date";--> statement-breakpoint
ALTER TABLE "designation_history" ADD CONSTRAINT "designation_history_dates" CHECK ("end_date" IS NULL OR "end_date" >= "start_date" OR NOT "status");--> statement-breakpoint
ALTER TABLE "designation_history" ADD CONSTRAINT "designation_history_no_overlap" EXCLUDE USING gist ("user_id" WITH =, daterange("start_date", "end_date", '[]') WITH &&) WHERE ("status");--> statement-breakpoint
ALTER TABLE "salary_history" ADD CONSTRAINT "salary_history_dates" CHECK ("end_date" IS NULL OR "end_date" >= "start_date" OR NOT "status");--> statement-breakpoint
ALTER TABLE "salary_history" ADD CONSTRAINT "salary_history_no_overlap" EXCLUDE USING gist ("user_id" WITH =, daterange("start_date", "end_date", '[]') WITH &&) WHERE ("status");
