CREATE TABLE "schedule_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"schedule_id" uuid,
	"bot_id" uuid,
	"bot_name" text NOT NULL,
	"agent_id" uuid,
	"agent_name" text NOT NULL,
	"user_id" uuid NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"fired_at" timestamp with time zone,
	"outcome" text NOT NULL,
	"reason" text,
	"reason_key" text,
	"process_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_history_outcome_check" CHECK ("schedule_history"."outcome" in ('fired', 'skipped', 'missed'))
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"bot_id" uuid,
	"bot_name" text NOT NULL,
	"agent_id" uuid,
	"agent_name" text NOT NULL,
	"user_id" uuid NOT NULL,
	"duration" text NOT NULL,
	"frequency" text,
	"timezone" text,
	"overlap" text DEFAULT 'queue' NOT NULL,
	"skip_non_working_days" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"next_fire_at" timestamp with time zone,
	"last_fire_at" timestamp with time zone,
	"last_outcome" text,
	"last_process_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "schedules_frequency_check" CHECK ("schedules"."frequency" in ('minutely', 'hourly', 'daily', 'weekly', 'monthly')),
	CONSTRAINT "schedules_overlap_check" CHECK ("schedules"."overlap" in ('queue', 'skip')),
	CONSTRAINT "schedules_status_check" CHECK ("schedules"."status" in ('active', 'disabled', 'completed')),
	CONSTRAINT "schedules_last_outcome_check" CHECK ("schedules"."last_outcome" in ('fired', 'skipped', 'missed'))
);
--> statement-breakpoint
CREATE TABLE "non_working_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"day" date NOT NULL,
	"yearly" boolean DEFAULT false NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schedule_history" ADD CONSTRAINT "schedule_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_history" ADD CONSTRAINT "schedule_history_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_history" ADD CONSTRAINT "schedule_history_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_history" ADD CONSTRAINT "schedule_history_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_history" ADD CONSTRAINT "schedule_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_history" ADD CONSTRAINT "schedule_history_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_last_process_id_processes_id_fk" FOREIGN KEY ("last_process_id") REFERENCES "public"."processes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_working_days" ADD CONSTRAINT "non_working_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_history_company_due_idx" ON "schedule_history" USING btree ("company_id","due_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "schedule_history_due_idx" ON "schedule_history" USING btree ("due_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "schedule_history_schedule_idx" ON "schedule_history" USING btree ("schedule_id");--> statement-breakpoint
CREATE INDEX "schedule_history_bot_idx" ON "schedule_history" USING btree ("bot_id");--> statement-breakpoint
CREATE INDEX "schedule_history_agent_idx" ON "schedule_history" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "schedule_history_user_idx" ON "schedule_history" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "schedule_history_process_idx" ON "schedule_history" USING btree ("process_id");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_history_fire_key" ON "schedule_history" USING btree ("schedule_id","due_at");--> statement-breakpoint
CREATE INDEX "schedules_company_created_idx" ON "schedules" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "schedules_created_idx" ON "schedules" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "schedules_bot_idx" ON "schedules" USING btree ("bot_id");--> statement-breakpoint
CREATE INDEX "schedules_agent_idx" ON "schedules" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "schedules_user_idx" ON "schedules" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "schedules_last_process_idx" ON "schedules" USING btree ("last_process_id");--> statement-breakpoint
CREATE INDEX "schedules_due_idx" ON "schedules" USING btree ("next_fire_at","id") WHERE "schedules"."status" = 'active';--> statement-breakpoint
CREATE INDEX "non_working_days_company_day_idx" ON "non_working_days" USING btree ("company_id","day","id");--> statement-breakpoint
CREATE INDEX "non_working_days_day_idx" ON "non_working_days" USING btree ("day","id");