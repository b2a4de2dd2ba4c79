CREATE TABLE "f1_sync_state" (
	"source" text PRIMARY KEY NOT NULL,
	"attempted_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"succeeded_at" timestamp with time zone
);
