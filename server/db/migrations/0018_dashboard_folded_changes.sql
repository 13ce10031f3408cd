CREATE TABLE "process_folded_changes" (
	"generation" bigint NOT NULL,
	"company_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"bot_name" text NOT NULL,
	"quarter" timestamp with time zone NOT NULL,
	"successful" integer NOT NULL,
	"failed" integer NOT NULL,
	"terminated" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "process_totals_state" ADD COLUMN "first_day" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "process_totals_state" ADD COLUMN "folded_since" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "process_folded_changes_generation_idx" ON "process_folded_changes" USING btree ("generation");--> statement-breakpoint
-- No fold made so far wrote what it took in: a node's copy moves forward by the folds from the next
-- on. The folds so far built every midnight of the last 400 days up to the last.
UPDATE "process_totals_state" SET "folded_since" = "generation" + 1,
  "first_day" = "last_day" - interval '400 days';
