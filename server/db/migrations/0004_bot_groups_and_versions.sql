CREATE TABLE "bot_groups" (
	"bot_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_groups_bot_id_group_id_pk" PRIMARY KEY("bot_id","group_id")
);
--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "previous_file_name" text;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "file_replaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bots" ADD COLUMN "previous_file_content" text;--> statement-breakpoint
ALTER TABLE "bot_groups" ADD CONSTRAINT "bot_groups_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_groups" ADD CONSTRAINT "bot_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_groups_group_idx" ON "bot_groups" USING btree ("group_id");