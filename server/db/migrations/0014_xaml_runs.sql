ALTER TABLE "bots" ADD COLUMN "trace_activities" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "process_logs" ADD COLUMN "level" text;--> statement-breakpoint
ALTER TABLE "processes" ADD COLUMN "result" jsonb;--> statement-breakpoint
ALTER TABLE "process_logs" ADD CONSTRAINT "process_logs_level_check" CHECK ("process_logs"."level" in ('Trace', 'Info', 'Warn', 'Error', 'Fatal'));