DROP INDEX "follows_following_status_idx";--> statement-breakpoint
DROP INDEX "follows_follower_status_idx";--> statement-breakpoint
CREATE INDEX "reviews_user_figures_idx" ON "reviews" USING btree ("user_id","race_id","rating","like_count");--> statement-breakpoint
CREATE INDEX "follows_following_status_idx" ON "follows" USING btree ("following_id","status","id");--> statement-breakpoint
CREATE INDEX "follows_follower_status_idx" ON "follows" USING btree ("follower_id","status","id");