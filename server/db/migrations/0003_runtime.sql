CREATE TABLE "company_keys" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"parameter_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_logs" (
	"process_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"stream" text NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "process_logs_pk" PRIMARY KEY("process_id","seq"),
	CONSTRAINT "process_logs_stream_check" CHECK ("process_logs"."stream" in ('stdout', 'stderr', 'agent'))
);
--> statement-breakpoint
CREATE TABLE "processes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"bot_id" uuid,
	"bot_name" text NOT NULL,
	"agent_id" uuid,
	"agent_name" text NOT NULL,
	"device_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"timeout_seconds" integer NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"log_count" integer DEFAULT 0 NOT NULL,
	"exit_code" integer,
	"reason" text,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "processes_status_check" CHECK ("processes"."status" in (0, 1, 2, 3, 4, 5)),
	CONSTRAINT "processes_source_check" CHECK ("processes"."source" in ('manual', 'schedule', 'email'))
);
--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "timeout_seconds" integer DEFAULT 3600 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_keys" ADD CONSTRAINT "company_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "process_logs" ADD CONSTRAINT "process_logs_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processes" ADD CONSTRAINT "processes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "processes_company_created_idx" ON "processes" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "processes_created_idx" ON "processes" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "processes_status_created_idx" ON "processes" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "processes_company_status_created_idx" ON "processes" USING btree ("company_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "processes_bot_idx" ON "processes" USING btree ("bot_id");--> statement-breakpoint
CREATE INDEX "processes_agent_idx" ON "processes" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "processes_user_idx" ON "processes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "processes_queue_idx" ON "processes" USING btree ("agent_id","priority" DESC NULLS LAST,"created_at","id") WHERE "processes"."status" = 0;--> statement-breakpoint
CREATE INDEX "processes_running_idx" ON "processes" USING btree ("agent_id") WHERE "processes"."status" = 1;--> statement-breakpoint
CREATE INDEX "processes_ended_idx" ON "processes" USING btree ("ended_at") WHERE "processes"."ended_at" is not null;