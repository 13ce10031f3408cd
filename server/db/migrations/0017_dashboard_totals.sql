CREATE TABLE "process_count_changes" (
	"company_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"bot_name" text NOT NULL,
	"user_id" uuid NOT NULL,
	"quarter" timestamp with time zone NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"successful" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"terminated" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "process_platform_totals" (
	"quarter" timestamp with time zone PRIMARY KEY NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"successful" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"terminated" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Its key also holds the counts (INCLUDE): a report reads a day's totals from the index alone.
CREATE TABLE "process_series_totals" (
	"company_id" uuid NOT NULL,
	"bot_id" uuid NOT NULL,
	"bot_name" text NOT NULL,
	"user_id" uuid NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	"successful" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"terminated" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "process_series_totals_day_company_id_bot_id_bot_name_user_id_pk" PRIMARY KEY("day","company_id","bot_id","bot_name","user_id") INCLUDE ("runs","successful","failed","terminated")
);
--> statement-breakpoint
CREATE TABLE "process_totals_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_day" timestamp with time zone,
	"generation" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "process_series_totals_series_idx" ON "process_series_totals" USING btree ("company_id","bot_id","bot_name","user_id","day");--> statement-breakpoint
-- Every write of runs also appends what it changed to process_count_changes, one row per series
-- (company, bot or, for a bot-less run, its requester, and the run's bot name) and quarter of an
-- hour of creation, with the change of its runs and of each outcome's runs (successful: status
-- 2; failed: 3; terminated: 4 canceled and 5 agent disconnected). Appending only: concurrent
-- writers never wait on one another for these rows. An id that does not apply is the zero uuid.
CREATE FUNCTION "process_count_changes_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM process_count_changes;
    DELETE FROM process_series_totals;
    DELETE FROM process_platform_totals;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO process_count_changes (company_id, bot_id, bot_name, user_id, quarter, runs, successful, failed, terminated)
    SELECT n.company_id, coalesce(n.bot_id, '00000000-0000-0000-0000-000000000000'), n.bot_name,
           CASE WHEN n.bot_id IS NULL THEN n.user_id ELSE '00000000-0000-0000-0000-000000000000' END,
           date_bin('15 minutes', n.created_at, timestamptz '2000-01-01 00:00:00+00'),
           count(*)::int, (count(*) FILTER (WHERE n.status = 2))::int, (count(*) FILTER (WHERE n.status = 3))::int,
           (count(*) FILTER (WHERE n.status IN (4, 5)))::int
    FROM process_counts_new n
    GROUP BY 1, 2, 3, 4, 5;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO process_count_changes (company_id, bot_id, bot_name, user_id, quarter, runs, successful, failed, terminated)
    SELECT m.company_id, m.bot_id, m.bot_name, m.user_id, m.quarter, m.runs, m.successful, m.failed, m.terminated
    FROM (
      SELECT c.company_id, c.bot_id, c.bot_name, c.user_id, c.quarter, sum(c.d)::int AS runs,
             coalesce(sum(c.d) FILTER (WHERE c.status = 2), 0)::int AS successful,
             coalesce(sum(c.d) FILTER (WHERE c.status = 3), 0)::int AS failed,
             coalesce(sum(c.d) FILTER (WHERE c.status IN (4, 5)), 0)::int AS terminated
      FROM (
        SELECT o.company_id, coalesce(o.bot_id, '00000000-0000-0000-0000-000000000000') AS bot_id, o.bot_name,
               CASE WHEN o.bot_id IS NULL THEN o.user_id ELSE '00000000-0000-0000-0000-000000000000' END AS user_id,
               date_bin('15 minutes', o.created_at, timestamptz '2000-01-01 00:00:00+00') AS quarter, o.status, -1 AS d
        FROM process_counts_old o JOIN process_counts_new n ON n.id = o.id
        WHERE (o.company_id, o.created_at, o.bot_id, o.bot_name, o.user_id, o.status)
              IS DISTINCT FROM (n.company_id, n.created_at, n.bot_id, n.bot_name, n.user_id, n.status)
        UNION ALL
        SELECT n.company_id, coalesce(n.bot_id, '00000000-0000-0000-0000-000000000000'), n.bot_name,
               CASE WHEN n.bot_id IS NULL THEN n.user_id ELSE '00000000-0000-0000-0000-000000000000' END,
               date_bin('15 minutes', n.created_at, timestamptz '2000-01-01 00:00:00+00'), n.status, 1
        FROM process_counts_old o JOIN process_counts_new n ON n.id = o.id
        WHERE (o.company_id, o.created_at, o.bot_id, o.bot_name, o.user_id, o.status)
              IS DISTINCT FROM (n.company_id, n.created_at, n.bot_id, n.bot_name, n.user_id, n.status)
      ) c
      GROUP BY 1, 2, 3, 4, 5
    ) m
    -- A run that moved between two statuses of no outcome (pending to running) changes nothing.
    WHERE (m.runs, m.successful, m.failed, m.terminated) IS DISTINCT FROM (0, 0, 0, 0);
  ELSE
    INSERT INTO process_count_changes (company_id, bot_id, bot_name, user_id, quarter, runs, successful, failed, terminated)
    SELECT o.company_id, coalesce(o.bot_id, '00000000-0000-0000-0000-000000000000'), o.bot_name,
           CASE WHEN o.bot_id IS NULL THEN o.user_id ELSE '00000000-0000-0000-0000-000000000000' END,
           date_bin('15 minutes', o.created_at, timestamptz '2000-01-01 00:00:00+00'),
           -count(*)::int, -(count(*) FILTER (WHERE o.status = 2))::int, -(count(*) FILTER (WHERE o.status = 3))::int,
           -(count(*) FILTER (WHERE o.status IN (4, 5)))::int
    FROM process_counts_old o
    GROUP BY 1, 2, 3, 4, 5;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "process_count_changes_insert" AFTER INSERT ON "processes"
  REFERENCING NEW TABLE AS process_counts_new FOR EACH STATEMENT EXECUTE FUNCTION "process_count_changes_keep"();
--> statement-breakpoint
CREATE TRIGGER "process_count_changes_update" AFTER UPDATE ON "processes"
  REFERENCING OLD TABLE AS process_counts_old NEW TABLE AS process_counts_new
  FOR EACH STATEMENT EXECUTE FUNCTION "process_count_changes_keep"();
--> statement-breakpoint
CREATE TRIGGER "process_count_changes_delete" AFTER DELETE ON "processes"
  REFERENCING OLD TABLE AS process_counts_old FOR EACH STATEMENT EXECUTE FUNCTION "process_count_changes_keep"();
--> statement-breakpoint
CREATE TRIGGER "process_count_changes_truncate" AFTER TRUNCATE ON "processes"
  FOR EACH STATEMENT EXECUTE FUNCTION "process_count_changes_keep"();
--> statement-breakpoint
-- The runs already there become changes to fold (the triggers above hold writes to processes off
-- until this migration commits): the first fold builds the totals from them.
INSERT INTO "process_count_changes" (company_id, bot_id, bot_name, user_id, quarter, runs, successful, failed, terminated)
SELECT c.company_id, coalesce(c.bot_id, '00000000-0000-0000-0000-000000000000'), c.bot_name,
       coalesce(c.user_id, '00000000-0000-0000-0000-000000000000'), c.quarter, sum(c.runs)::int,
       coalesce(sum(c.runs) FILTER (WHERE c.status = 2), 0)::int, coalesce(sum(c.runs) FILTER (WHERE c.status = 3), 0)::int,
       coalesce(sum(c.runs) FILTER (WHERE c.status IN (4, 5)), 0)::int
FROM process_quarter_counts c
GROUP BY 1, 2, 3, 4, 5
HAVING sum(c.runs) <> 0;
--> statement-breakpoint
INSERT INTO "process_totals_state" (id, last_day) VALUES (1, NULL);
