CREATE TABLE "company_names_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- A statement on companies that adds, removes or renames one counts one more version of the
-- companies' names (an update that keeps every name counts nothing). The row is counted up in the
-- statement's own transaction, so a reader that sees the new version sees the new names too.
INSERT INTO "company_names_version" (id, version) VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "company_names_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM company_names_old o JOIN company_names_new n ON n.id = o.id WHERE n.name IS DISTINCT FROM o.name) THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO company_names_version (id, version) VALUES (1, 1)
    ON CONFLICT (id) DO UPDATE SET version = company_names_version.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "company_names_version_insert" AFTER INSERT ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION "company_names_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "company_names_version_update" AFTER UPDATE ON "companies"
  REFERENCING OLD TABLE AS company_names_old NEW TABLE AS company_names_new
  FOR EACH STATEMENT EXECUTE FUNCTION "company_names_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "company_names_version_delete" AFTER DELETE ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION "company_names_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "company_names_version_truncate" AFTER TRUNCATE ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION "company_names_version_bump"();
