ALTER TABLE "users" ADD COLUMN "followers_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "following_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reviews_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Counters of the follows that exist already (reviews do not exist yet).
UPDATE "users" SET
  "followers_count" = (SELECT count(*) FROM "follows" f WHERE f."following_id" = "users"."id" AND f."status" = 'accepted'),
  "following_count" = (SELECT count(*) FROM "follows" f WHERE f."follower_id" = "users"."id" AND f."status" = 'accepted');
