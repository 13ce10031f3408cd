CREATE TABLE "email_configurations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by" uuid,
	"host" text NOT NULL,
	"imap_host" text,
	"imap_port" integer,
	"imap_secure" boolean DEFAULT false NOT NULL,
	"smtp_host" text,
	"smtp_port" integer,
	"smtp_secure" boolean DEFAULT false NOT NULL,
	"email" text NOT NULL,
	"secret_encrypted" text NOT NULL,
	"bot_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"operation" text NOT NULL,
	"criteria" text NOT NULL,
	"criteria_value" text NOT NULL,
	"subject_line" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"watch_state" text DEFAULT 'stopped' NOT NULL,
	"watch_error" text,
	"last_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recipients" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "email_configurations_host_check" CHECK ("email_configurations"."host" in ('gmail', 'outlook', 'yahoo', 'custom')),
	CONSTRAINT "email_configurations_operation_check" CHECK ("email_configurations"."operation" in ('contains', 'equals', 'startsWith', 'endsWith')),
	CONSTRAINT "email_configurations_criteria_check" CHECK ("email_configurations"."criteria" in ('from', 'subject', 'body')),
	CONSTRAINT "email_configurations_status_check" CHECK ("email_configurations"."status" in ('active', 'inactive')),
	CONSTRAINT "email_configurations_watch_state_check" CHECK ("email_configurations"."watch_state" in ('stopped', 'connecting', 'watching', 'retrying', 'failing'))
);
--> statement-breakpoint
ALTER TABLE "email_configurations" ADD CONSTRAINT "email_configurations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_configurations" ADD CONSTRAINT "email_configurations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_configurations" ADD CONSTRAINT "email_configurations_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_configurations" ADD CONSTRAINT "email_configurations_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_configurations_company_created_idx" ON "email_configurations" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "email_configurations_created_idx" ON "email_configurations" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "email_configurations_created_by_idx" ON "email_configurations" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "email_configurations_bot_idx" ON "email_configurations" USING btree ("bot_id");--> statement-breakpoint
CREATE INDEX "email_configurations_agent_idx" ON "email_configurations" USING btree ("agent_id");