ALTER TABLE "processes" ADD COLUMN "reason_key" text;--> statement-breakpoint
ALTER TABLE "processes" ADD COLUMN "reason_values" jsonb;