CREATE TABLE "process_quarter_counts" (
	"company_id" uuid NOT NULL,
	"bot_id" uuid,
	"bot_name" text NOT NULL,
	"user_id" uuid,
	"quarter" timestamp with time zone NOT NULL,
	"status" integer NOT NULL,
	"runs" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "process_quarter_counts_key" UNIQUE NULLS NOT DISTINCT("company_id","quarter","bot_id","bot_name","user_id","status")
);
--> statement-breakpoint
CREATE INDEX "process_quarter_counts_quarter_idx" ON "process_quarter_counts" USING btree ("quarter");--> statement-breakpoint
-- The counts move from UTC hours (process_hour_counts, dropped by the next migration) to quarters
-- of an hour, so that a local midnight or hour of any zone in use (+05:30, +05:45…) starts one.
DROP TRIGGER "process_hour_counts_insert" ON "processes";--> statement-breakpoint
DROP TRIGGER "process_hour_counts_update" ON "processes";--> statement-breakpoint
DROP TRIGGER "process_hour_counts_delete" ON "processes";--> statement-breakpoint
DROP TRIGGER "process_hour_counts_truncate" ON "processes";--> statement-breakpoint
DROP FUNCTION "process_hour_counts_keep"();--> statement-breakpoint
-- The kept counts follow every write of a run in the same statement: one upsert per statement
-- (a batch of agent reports moves its counts at once), the deltas grouped by key and written in
-- key order so concurrent batches take their row locks in the same order. Quarters start at 00,
-- 15, 30 and 45 minutes past a UTC hour.
CREATE FUNCTION "process_quarter_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A statement that wrote no run (a claim that found none) costs one lookup, no upsert. Each
  -- branch names only its own transition tables: the others do not exist for its event.
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM process_quarter_counts;
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT FROM process_counts_old) THEN RETURN NULL; END IF;
  ELSIF NOT EXISTS (SELECT FROM process_counts_new) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO process_quarter_counts AS c (company_id, quarter, bot_id, bot_name, user_id, status, runs)
    SELECT n.company_id, date_bin('15 minutes', n.created_at, timestamptz '2000-01-01 00:00:00+00'), n.bot_id, n.bot_name,
           CASE WHEN n.bot_id IS NULL THEN n.user_id END, n.status, count(*)::int
    FROM process_counts_new n
    GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT process_quarter_counts_key DO UPDATE SET runs = c.runs + excluded.runs;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO process_quarter_counts AS c (company_id, quarter, bot_id, bot_name, user_id, status, runs)
    SELECT m.company_id, m.quarter, m.bot_id, m.bot_name, m.user_id, m.status, sum(m.d)::int
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
    ) m
    GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(m.d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT process_quarter_counts_key DO UPDATE SET runs = c.runs + excluded.runs;
  ELSE
    INSERT INTO process_quarter_counts AS c (company_id, quarter, bot_id, bot_name, user_id, status, runs)
    SELECT o.company_id, date_bin('15 minutes', o.created_at, timestamptz '2000-01-01 00:00:00+00'), o.bot_id, o.bot_name,
           CASE WHEN o.bot_id IS NULL THEN o.user_id END, o.status, -count(*)::int
    FROM process_counts_old o
    GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT process_quarter_counts_key DO UPDATE SET runs = c.runs + excluded.runs;
    -- Rows left at zero in the quarters the deleted runs came from go (runs that moved on leave
    -- zero rows of their earlier statuses; retention empties whole quarters).
    DELETE FROM process_quarter_counts c
    USING (SELECT DISTINCT o.company_id, date_bin('15 minutes', o.created_at, timestamptz '2000-01-01 00:00:00+00') AS quarter FROM process_counts_old o) g
    WHERE c.company_id = g.company_id AND c.quarter = g.quarter AND c.runs = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "process_quarter_counts_insert" AFTER INSERT ON "processes"
  REFERENCING NEW TABLE AS process_counts_new FOR EACH STATEMENT EXECUTE FUNCTION "process_quarter_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "process_quarter_counts_update" AFTER UPDATE ON "processes"
  REFERENCING OLD TABLE AS process_counts_old NEW TABLE AS process_counts_new
  FOR EACH STATEMENT EXECUTE FUNCTION "process_quarter_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "process_quarter_counts_delete" AFTER DELETE ON "processes"
  REFERENCING OLD TABLE AS process_counts_old FOR EACH STATEMENT EXECUTE FUNCTION "process_quarter_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "process_quarter_counts_truncate" AFTER TRUNCATE ON "processes"
  FOR EACH STATEMENT EXECUTE FUNCTION "process_quarter_counts_keep"();
--> statement-breakpoint
-- Back-fill from the runs already there (the triggers above hold writes to processes off until
-- this migration commits, so no run is counted twice or missed).
INSERT INTO "process_quarter_counts" (company_id, quarter, bot_id, bot_name, user_id, status, runs)
SELECT p.company_id, date_bin('15 minutes', p.created_at, timestamptz '2000-01-01 00:00:00+00'), p.bot_id, p.bot_name,
       CASE WHEN p.bot_id IS NULL THEN p.user_id END, p.status, count(*)::int
FROM processes p
GROUP BY 1, 2, 3, 4, 5, 6;
