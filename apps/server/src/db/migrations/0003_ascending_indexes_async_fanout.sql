CREATE TABLE "feed_fanouts" (
	"review_id" integer PRIMARY KEY NOT NULL,
	"author_id" integer NOT NULL,
	"after_follower_id" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_entries" DROP CONSTRAINT "feed_entries_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "feed_entries" DROP CONSTRAINT "feed_entries_review_id_reviews_id_fk";
--> statement-breakpoint
DROP INDEX "reviews_user_idx";--> statement-breakpoint
DROP INDEX "reviews_race_idx";--> statement-breakpoint
DROP INDEX "reviews_for_you_idx";--> statement-breakpoint
DROP INDEX "notifications_recipient_idx";--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "reviews_race_idx" ON "reviews" USING btree ("race_id","id");--> statement-breakpoint
CREATE INDEX "reviews_for_you_idx" ON "reviews" USING btree ("for_you_rank");--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient_id","id");