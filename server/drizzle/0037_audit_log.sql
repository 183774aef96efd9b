CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_id" text,
	"changes" jsonb NOT NULL,
	"txid" bigint DEFAULT txid_current() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_record" ON "audit_log" USING btree ("entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor" ON "audit_log" USING btree ("actor_type","actor_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING brin ("at");