CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid NOT NULL,
	"actor_email" text NOT NULL,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"resource" text NOT NULL,
	"record_id" text NOT NULL,
	"changes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_licences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"tenure" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"max_bots" integer NOT NULL,
	"max_agents" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_licences_company_id_unique" UNIQUE("company_id"),
	CONSTRAINT "company_licences_dates_check" CHECK ("company_licences"."end_date" >= "company_licences"."start_date"),
	CONSTRAINT "company_licences_tenure_check" CHECK ("company_licences"."tenure" in ('Monthly', 'Annually')),
	CONSTRAINT "company_licences_currency_check" CHECK ("company_licences"."currency" in ('INR', 'USD'))
);
--> statement-breakpoint
CREATE TABLE "registration_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"token_encrypted" text NOT NULL,
	"token_hash" text NOT NULL,
	"reusable" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"use_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "registration_tokens_type_check" CHECK ("registration_tokens"."type" in ('agent', 'studio'))
);
--> statement-breakpoint
CREATE TABLE "studio_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"seats" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "studio_subscriptions_company_id_unique" UNIQUE("company_id"),
	CONSTRAINT "studio_subscriptions_dates_check" CHECK ("studio_subscriptions"."end_date" >= "studio_subscriptions"."start_date")
);
--> statement-breakpoint
ALTER TABLE "groups" DROP CONSTRAINT "groups_company_id_companies_id_fk";
--> statement-breakpoint
DROP INDEX "groups_company_idx";--> statement-breakpoint
DROP INDEX "users_company_idx";--> statement-breakpoint
-- Hand-edited: the former integer status (1 active, 0 inactive) becomes its word.
ALTER TABLE "companies" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "status" SET DATA TYPE text USING (CASE WHEN "status" = 0 THEN 'inactive' ELSE 'active' END);--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "status" SET DEFAULT 'active';--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "status" text GENERATED ALWAYS AS (CASE WHEN is_deleted THEN 'deleted' WHEN is_blocked THEN 'blocked' ELSE 'active' END) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "company_licences" ADD CONSTRAINT "company_licences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_tokens" ADD CONSTRAINT "registration_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_tokens" ADD CONSTRAINT "registration_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "studio_subscriptions" ADD CONSTRAINT "studio_subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_resource_created_idx" ON "audit_log" USING btree ("resource","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "company_licences_created_idx" ON "company_licences" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "registration_tokens_company_created_idx" ON "registration_tokens" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "registration_tokens_created_idx" ON "registration_tokens" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "studio_subscriptions_created_idx" ON "studio_subscriptions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_unique" ON "companies" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "companies_created_idx" ON "companies" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "groups_company_name_unique" ON "groups" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "groups_company_created_idx" ON "groups" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_company_created_idx" ON "users" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_company_status_created_idx" ON "users" USING btree ("company_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_status_created_idx" ON "users" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_status_check" CHECK ("companies"."status" in ('active', 'inactive'));