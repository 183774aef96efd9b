CREATE TABLE "email_config" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "email_config_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"email_config_name" text NOT NULL,
	"email_host" text NOT NULL,
	"email_port" integer NOT NULL,
	"email_user" text,
	"email_pass" text,
	"email_encryption" text DEFAULT 'STARTTLS' NOT NULL,
	"from_name" text,
	"from_address" text NOT NULL,
	CONSTRAINT "email_config_emailConfigName_unique" UNIQUE("email_config_name"),
	CONSTRAINT "email_config_encryption_in_set" CHECK ("email_config"."email_encryption" in ('none', 'STARTTLS', 'TLS'))
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"email_config_name" text,
	"to" text[] NOT NULL,
	"cc" text[] DEFAULT '{}' NOT NULL,
	"bcc" text[] DEFAULT '{}' NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"server_answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_kind_in_set" CHECK ("outbox"."kind" in ('welcome', 'passwordReset', 'freeForm', 'invoice', 'test')),
	CONSTRAINT "outbox_state_in_set" CHECK ("outbox"."state" in ('queued', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "password_reset_token" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "password_reset_token_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_token_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "password_reset_token" ADD CONSTRAINT "password_reset_token_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_state_next_attempt_at_index" ON "outbox" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "password_reset_token_customer_id_index" ON "password_reset_token" USING btree ("customer_id");