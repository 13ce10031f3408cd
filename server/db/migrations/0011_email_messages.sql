CREATE TABLE "email_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"configuration_id" uuid NOT NULL,
	"uid_validity" bigint NOT NULL,
	"uid" bigint NOT NULL,
	"message_id" text,
	"from" text,
	"subject" text,
	"received_at" timestamp with time zone,
	"outcome" text NOT NULL,
	"process_id" uuid,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_messages_outcome_check" CHECK ("email_messages"."outcome" in ('baseline', 'ignored', 'run', 'notRunnable'))
);
--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_configuration_id_email_configurations_id_fk" FOREIGN KEY ("configuration_id") REFERENCES "public"."email_configurations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_process_id_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."processes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_messages_claim_key" ON "email_messages" USING btree ("configuration_id","uid_validity","uid");--> statement-breakpoint
CREATE INDEX "email_messages_process_idx" ON "email_messages" USING btree ("process_id");