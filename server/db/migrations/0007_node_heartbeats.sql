CREATE TABLE "server_nodes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "node_id" uuid;--> statement-breakpoint
CREATE INDEX "agents_connected_node_idx" ON "agents" USING btree ("node_id") WHERE "agents"."status" = 1;