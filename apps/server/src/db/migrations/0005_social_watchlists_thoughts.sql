CREATE TABLE "watchlist_races" (
	"watchlist_id" integer NOT NULL,
	"race_id" integer NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_races_watchlist_id_race_id_pk" PRIMARY KEY("watchlist_id","race_id")
);
--> statement-breakpoint
CREATE TABLE "watchlists" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "watchlists_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"share_token" text NOT NULL,
	"race_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "race_thoughts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "race_thoughts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"race_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"body" text NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thought_comment_likes" (
	"comment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thought_comment_likes_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "thought_comments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "thought_comments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"thought_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"parent_id" integer,
	"body" text NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thought_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "thought_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"race_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "thought_likes" (
	"thought_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thought_likes_thought_id_user_id_pk" PRIMARY KEY("thought_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "watchlist_races" ADD CONSTRAINT "watchlist_races_watchlist_id_watchlists_id_fk" FOREIGN KEY ("watchlist_id") REFERENCES "public"."watchlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_races" ADD CONSTRAINT "watchlist_races_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlists" ADD CONSTRAINT "watchlists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_thoughts" ADD CONSTRAINT "race_thoughts_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_thoughts" ADD CONSTRAINT "race_thoughts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thought_comment_likes" ADD CONSTRAINT "thought_comment_likes_comment_id_thought_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."thought_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thought_comment_likes" ADD CONSTRAINT "thought_comment_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thought_comments" ADD CONSTRAINT "thought_comments_thought_id_race_thoughts_id_fk" FOREIGN KEY ("thought_id") REFERENCES "public"."race_thoughts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thought_comments" ADD CONSTRAINT "thought_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thought_comments" ADD CONSTRAINT "thought_comments_parent_id_thought_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."thought_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thought_likes" ADD CONSTRAINT "thought_likes_thought_id_race_thoughts_id_fk" FOREIGN KEY ("thought_id") REFERENCES "public"."race_thoughts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thought_likes" ADD CONSTRAINT "thought_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watchlist_races_order_idx" ON "watchlist_races" USING btree ("watchlist_id","position");--> statement-breakpoint
CREATE INDEX "watchlist_races_race_idx" ON "watchlist_races" USING btree ("race_id");--> statement-breakpoint
CREATE UNIQUE INDEX "watchlists_share_token_key" ON "watchlists" USING btree ("share_token");--> statement-breakpoint
CREATE INDEX "watchlists_user_idx" ON "watchlists" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "race_thoughts_race_idx" ON "race_thoughts" USING btree ("race_id","id");--> statement-breakpoint
CREATE INDEX "race_thoughts_user_idx" ON "race_thoughts" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "thought_comment_likes_user_idx" ON "thought_comment_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "thought_comments_thought_idx" ON "thought_comments" USING btree ("thought_id","parent_id","id");--> statement-breakpoint
CREATE INDEX "thought_comments_parent_idx" ON "thought_comments" USING btree ("parent_id","id");--> statement-breakpoint
CREATE INDEX "thought_comments_user_idx" ON "thought_comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "thought_events_race_idx" ON "thought_events" USING btree ("race_id","id");--> statement-breakpoint
CREATE INDEX "thought_events_created_idx" ON "thought_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "thought_likes_user_idx" ON "thought_likes" USING btree ("user_id");