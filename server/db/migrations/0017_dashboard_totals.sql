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
-- The quarter counts' trigger function does it from the same deltas, so a statement's runs are
-- read once (a status report that changes nothing costs what it did). Writes of runs wait for
-- this migration to commit, so none is counted twice or missed by the back-fill below.
LOCK TABLE "processes" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "process_quarter_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A statement that wrote no run (a claim that found none) costs one lookup, no upsert. Each
  -- branch names only its own transition tables: the others do not exist for its event.
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM process_quarter_counts;
    DELETE FROM process_count_changes;
    DELETE FROM process_series_totals;
    DELETE FROM process_platform_totals;
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT FROM process_counts_old) THEN RETURN NULL; END IF;
  ELSIF NOT EXISTS (SELECT FROM process_counts_new) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    WITH m AS (
      SELECT n.company_id, date_bin('15 minutes', n.created_at, timestamptz '2000-01-01 00:00:00+00') AS quarter, n.bot_id, n.bot_name,
             CASE WHEN n.bot_id IS NULL THEN n.user_id END AS user_id, n.status, count(*)::int AS d
      FROM process_counts_new n
      GROUP BY 1, 2, 3, 4, 5, 6
    ), kept AS (
      INSERT INTO process_quarter_counts AS c (company_id, quarter, bot_id, bot_name, user_id, status, runs)
      SELECT company_id, quarter, bot_id, bot_name, user_id, status, d FROM m ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT ON CONSTRAINT process_quarter_counts_key DO UPDATE SET runs = c.runs + excluded.runs
    )
    INSERT INTO process_count_changes (company_id, bot_id, bot_name, user_id, quarter, runs, successful, failed, terminated)
    SELECT company_id, coalesce(bot_id, '00000000-0000-0000-0000-000000000000'), bot_name, coalesce(user_id, '00000000-0000-0000-0000-000000000000'), quarter, sum(d)::int,
           coalesce(sum(d) FILTER (WHERE status = 2), 0)::int, coalesce(sum(d) FILTER (WHERE status = 3), 0)::int,
           coalesce(sum(d) FILTER (WHERE status IN (4, 5)), 0)::int
    FROM m GROUP BY 1, 2, 3, 4, 5;
  ELSIF TG_OP = 'UPDATE' THEN
    WITH m AS (
      SELECT x.company_id, x.quarter, x.bot_id, x.bot_name, x.user_id, x.status, sum(x.d)::int AS d
      FROM (
        SELECT o.company_id, date_bin('15 minutes', o.created_at, timestamptz '2000-01-01 00:00:00+00') AS quarter, o.bot_id, o.bot_name,
               CASE WHEN o.bot_id IS NULL THEN o.user_id END AS user_id, o.status, -1 AS d
        FROM process_counts_old o JOIN process_counts_new n ON n.id = o.id
        WHERE (o.company_id, o.created_at, o.bot_id, o.bot_name, o.user_id, o.status)
              IS DISTINCT FROM (n.company_id, n.created_at, n.bot_id, n.bot_name, n.user_id, n.status)
        UNION ALL
        SELECT n.company_id, date_bin('15 minutes', n.created_at, timestamptz '2000-01-01 00:00:00+00'), n.bot_id, n.bot_name,
               CASE WHEN n.bot_id IS NULL THEN n.user_id END, n.status, 1
        FROM process_counts_old o JOIN process_counts_new n ON n.id = o.id
        WHERE (o.company_id, o.created_at, o.bot_id, o.bot_name, o.user_id, o.status)
              IS DISTINCT FROM (n.company_id, n.created_at, n.bot_id, n.bot_name, n.user_id, n.status)
      ) x
      GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(x.d) <> 0
    ), kept AS (
      INSERT INTO process_quarter_counts AS c (company_id, quarter, bot_id, bot_name, user_id, status, runs)
      SELECT company_id, quarter, bot_id, bot_name, user_id, status, d FROM m ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT ON CONSTRAINT process_quarter_counts_key DO UPDATE SET runs = c.runs + excluded.runs
    )
    INSERT INTO process_count_changes (company_id, bot_id, bot_name, user_id, quarter, runs, successful, failed, terminated)
    SELECT g.* FROM (
      SELECT company_id, coalesce(bot_id, '00000000-0000-0000-0000-000000000000'), bot_name, coalesce(user_id, '00000000-0000-0000-0000-000000000000'), quarter, sum(d)::int AS runs,
             coalesce(sum(d) FILTER (WHERE status = 2), 0)::int AS successful,
             coalesce(sum(d) FILTER (WHERE status = 3), 0)::int AS failed,
             coalesce(sum(d) FILTER (WHERE status IN (4, 5)), 0)::int AS terminated
      FROM m GROUP BY 1, 2, 3, 4, 5
    ) g
    -- A run that moved between two statuses of no outcome (pending to running) changes nothing.
    WHERE (g.runs, g.successful, g.failed, g.terminated) IS DISTINCT FROM (0, 0, 0, 0);
  ELSE
    WITH m AS (
      SELECT o.company_id, date_bin('15 minutes', o.created_at, timestamptz '2000-01-01 00:00:00+00') AS quarter, o.bot_id, o.bot_name,
             CASE WHEN o.bot_id IS NULL THEN o.user_id END AS user_id, o.status, -count(*)::int AS d
      FROM process_counts_old o
      GROUP BY 1, 2, 3, 4, 5, 6
    ), kept AS (
      INSERT INTO process_quarter_counts AS c (company_id, quarter, bot_id, bot_name, user_id, status, runs)
      SELECT company_id, quarter, bot_id, bot_name, user_id, status, d FROM m ORDER BY 1, 2, 3, 4, 5, 6
      ON CONFLICT ON CONSTRAINT process_quarter_counts_key DO UPDATE SET runs = c.runs + excluded.runs
    )
    INSERT INTO process_count_changes (company_id, bot_id, bot_name, user_id, quarter, runs, successful, failed, terminated)
    SELECT company_id, coalesce(bot_id, '00000000-0000-0000-0000-000000000000'), bot_name, coalesce(user_id, '00000000-0000-0000-0000-000000000000'), quarter, sum(d)::int,
           coalesce(sum(d) FILTER (WHERE status = 2), 0)::int, coalesce(sum(d) FILTER (WHERE status = 3), 0)::int,
           coalesce(sum(d) FILTER (WHERE status IN (4, 5)), 0)::int
    FROM m GROUP BY 1, 2, 3, 4, 5;
    -- Rows left at zero in the quarters the deleted runs came from go (runs that moved on leave
    -- zero rows of their earlier statuses; retention empties whole quarters).
    DELETE FROM process_quarter_counts c
    USING (SELECT DISTINCT o.company_id, date_bin('15 minutes', o.created_at, timestamptz '2000-01-01 00:00:00+00') AS quarter FROM process_counts_old o) g
    WHERE c.company_id = g.company_id AND c.quarter = g.quarter AND c.runs = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The runs already there become changes to fold: the first fold builds the totals from them.
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
