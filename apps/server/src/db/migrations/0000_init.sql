CREATE TABLE "follows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "follows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"follower_id" integer NOT NULL,
	"following_id" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"username" text NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"profile_picture" text,
	"is_private" boolean DEFAULT false NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "circuits" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"full_name" text NOT NULL,
	"place_name" text NOT NULL,
	"country_id" text NOT NULL,
	"type" text,
	"latitude" double precision,
	"longitude" double precision,
	"length" double precision,
	"turns" integer
);
--> statement-breakpoint
CREATE TABLE "constructor_standings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "constructor_standings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"year" integer NOT NULL,
	"race_id" integer,
	"position_order" integer NOT NULL,
	"position_text" text NOT NULL,
	"position_number" integer,
	"constructor_id" text NOT NULL,
	"engine_manufacturer_id" text,
	"points" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "constructors" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"full_name" text NOT NULL,
	"country_id" text,
	"team_principal" text,
	"colour" text
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" text PRIMARY KEY NOT NULL,
	"alpha2_code" text,
	"alpha3_code" text,
	"name" text NOT NULL,
	"demonym" text
);
--> statement-breakpoint
CREATE TABLE "driver_standings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "driver_standings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"year" integer NOT NULL,
	"race_id" integer,
	"position_order" integer NOT NULL,
	"position_text" text NOT NULL,
	"position_number" integer,
	"driver_id" text NOT NULL,
	"points" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"full_name" text NOT NULL,
	"abbreviation" text,
	"permanent_number" text,
	"gender" text,
	"date_of_birth" date,
	"date_of_death" date,
	"place_of_birth" text,
	"nationality_country_id" text
);
--> statement-breakpoint
CREATE TABLE "fastest_laps" (
	"race_id" integer NOT NULL,
	"position_order" integer NOT NULL,
	"position_text" text NOT NULL,
	"position_number" integer,
	"driver_id" text NOT NULL,
	"constructor_id" text NOT NULL,
	"lap" integer,
	"time" text,
	"gap" text,
	CONSTRAINT "fastest_laps_race_id_position_order_pk" PRIMARY KEY("race_id","position_order")
);
--> statement-breakpoint
CREATE TABLE "grands_prix" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"full_name" text NOT NULL,
	"short_name" text NOT NULL,
	"country_id" text
);
--> statement-breakpoint
CREATE TABLE "qualifying_results" (
	"race_id" integer NOT NULL,
	"position_order" integer NOT NULL,
	"position_text" text NOT NULL,
	"position_number" integer,
	"driver_number" text,
	"driver_id" text NOT NULL,
	"constructor_id" text NOT NULL,
	"time" text,
	"q1" text,
	"q2" text,
	"q3" text,
	"gap" text,
	"laps" integer,
	CONSTRAINT "qualifying_results_race_id_position_order_pk" PRIMARY KEY("race_id","position_order")
);
--> statement-breakpoint
CREATE TABLE "race_results" (
	"race_id" integer NOT NULL,
	"session" text NOT NULL,
	"position_order" integer NOT NULL,
	"position_text" text NOT NULL,
	"position_number" integer,
	"driver_number" text,
	"driver_id" text NOT NULL,
	"constructor_id" text NOT NULL,
	"engine_manufacturer_id" text,
	"laps" integer,
	"time" text,
	"gap" text,
	"reason_retired" text,
	"points" double precision,
	"grid_position_text" text,
	"grid_position_number" integer,
	"pole_position" boolean DEFAULT false NOT NULL,
	"fastest_lap" boolean DEFAULT false NOT NULL,
	CONSTRAINT "race_results_race_id_session_position_order_pk" PRIMARY KEY("race_id","session","position_order")
);
--> statement-breakpoint
CREATE TABLE "races" (
	"id" integer PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"round" integer NOT NULL,
	"date" date NOT NULL,
	"time" text,
	"starts_at" timestamp with time zone NOT NULL,
	"grand_prix_id" text NOT NULL,
	"official_name" text NOT NULL,
	"circuit_id" text NOT NULL,
	"laps" integer,
	"distance" double precision,
	"course_length" double precision,
	"turns" integer,
	"qualifying_format" text,
	"sprint_race_date" date,
	"has_results" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "season_drivers" (
	"year" integer NOT NULL,
	"constructor_id" text NOT NULL,
	"driver_id" text NOT NULL,
	"engine_manufacturer_id" text,
	"rounds" text,
	"test_driver" boolean DEFAULT false NOT NULL,
	CONSTRAINT "season_drivers_year_constructor_id_driver_id_pk" PRIMARY KEY("year","constructor_id","driver_id")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"year" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "starting_grid" (
	"race_id" integer NOT NULL,
	"position_order" integer NOT NULL,
	"position_text" text NOT NULL,
	"position_number" integer,
	"driver_id" text NOT NULL,
	"constructor_id" text NOT NULL,
	"grid_penalty" text,
	"time" text,
	CONSTRAINT "starting_grid_race_id_position_order_pk" PRIMARY KEY("race_id","position_order")
);
--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_following_id_users_id_fk" FOREIGN KEY ("following_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "circuits" ADD CONSTRAINT "circuits_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "constructor_standings" ADD CONSTRAINT "constructor_standings_year_seasons_year_fk" FOREIGN KEY ("year") REFERENCES "public"."seasons"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "constructor_standings" ADD CONSTRAINT "constructor_standings_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "constructor_standings" ADD CONSTRAINT "constructor_standings_constructor_id_constructors_id_fk" FOREIGN KEY ("constructor_id") REFERENCES "public"."constructors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "constructors" ADD CONSTRAINT "constructors_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_standings" ADD CONSTRAINT "driver_standings_year_seasons_year_fk" FOREIGN KEY ("year") REFERENCES "public"."seasons"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_standings" ADD CONSTRAINT "driver_standings_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_standings" ADD CONSTRAINT "driver_standings_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_nationality_country_id_countries_id_fk" FOREIGN KEY ("nationality_country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fastest_laps" ADD CONSTRAINT "fastest_laps_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fastest_laps" ADD CONSTRAINT "fastest_laps_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fastest_laps" ADD CONSTRAINT "fastest_laps_constructor_id_constructors_id_fk" FOREIGN KEY ("constructor_id") REFERENCES "public"."constructors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grands_prix" ADD CONSTRAINT "grands_prix_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualifying_results" ADD CONSTRAINT "qualifying_results_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualifying_results" ADD CONSTRAINT "qualifying_results_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualifying_results" ADD CONSTRAINT "qualifying_results_constructor_id_constructors_id_fk" FOREIGN KEY ("constructor_id") REFERENCES "public"."constructors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_results" ADD CONSTRAINT "race_results_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_results" ADD CONSTRAINT "race_results_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "race_results" ADD CONSTRAINT "race_results_constructor_id_constructors_id_fk" FOREIGN KEY ("constructor_id") REFERENCES "public"."constructors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "races" ADD CONSTRAINT "races_year_seasons_year_fk" FOREIGN KEY ("year") REFERENCES "public"."seasons"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "races" ADD CONSTRAINT "races_grand_prix_id_grands_prix_id_fk" FOREIGN KEY ("grand_prix_id") REFERENCES "public"."grands_prix"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "races" ADD CONSTRAINT "races_circuit_id_circuits_id_fk" FOREIGN KEY ("circuit_id") REFERENCES "public"."circuits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_drivers" ADD CONSTRAINT "season_drivers_year_seasons_year_fk" FOREIGN KEY ("year") REFERENCES "public"."seasons"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_drivers" ADD CONSTRAINT "season_drivers_constructor_id_constructors_id_fk" FOREIGN KEY ("constructor_id") REFERENCES "public"."constructors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_drivers" ADD CONSTRAINT "season_drivers_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "starting_grid" ADD CONSTRAINT "starting_grid_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "starting_grid" ADD CONSTRAINT "starting_grid_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "starting_grid" ADD CONSTRAINT "starting_grid_constructor_id_constructors_id_fk" FOREIGN KEY ("constructor_id") REFERENCES "public"."constructors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "follows_pair_key" ON "follows" USING btree ("follower_id","following_id");--> statement-breakpoint
CREATE INDEX "follows_following_status_idx" ON "follows" USING btree ("following_id","status","created_at");--> statement-breakpoint
CREATE INDEX "follows_follower_status_idx" ON "follows" USING btree ("follower_id","status");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_username_trgm" ON "users" USING gin (f_unaccent(lower("username")) gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin (f_unaccent(lower("name")) gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "circuits_name_trgm" ON "circuits" USING gin (f_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "circuits_place_trgm" ON "circuits" USING gin (f_unaccent(lower("place_name")) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "constructor_standings_key" ON "constructor_standings" USING btree ("year",coalesce("race_id", 0),"position_order");--> statement-breakpoint
CREATE INDEX "constructor_standings_constructor_idx" ON "constructor_standings" USING btree ("constructor_id","year");--> statement-breakpoint
CREATE INDEX "constructor_standings_race_idx" ON "constructor_standings" USING btree ("race_id");--> statement-breakpoint
CREATE INDEX "constructors_name_trgm" ON "constructors" USING gin (f_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "constructors_full_name_trgm" ON "constructors" USING gin (f_unaccent(lower("full_name")) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "driver_standings_key" ON "driver_standings" USING btree ("year",coalesce("race_id", 0),"position_order");--> statement-breakpoint
CREATE INDEX "driver_standings_driver_idx" ON "driver_standings" USING btree ("driver_id","year");--> statement-breakpoint
CREATE INDEX "driver_standings_race_idx" ON "driver_standings" USING btree ("race_id");--> statement-breakpoint
CREATE INDEX "drivers_name_trgm" ON "drivers" USING gin (f_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "drivers_full_name_trgm" ON "drivers" USING gin (f_unaccent(lower("full_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "qualifying_driver_idx" ON "qualifying_results" USING btree ("driver_id");--> statement-breakpoint
CREATE INDEX "race_results_driver_idx" ON "race_results" USING btree ("driver_id","session");--> statement-breakpoint
CREATE INDEX "race_results_constructor_idx" ON "race_results" USING btree ("constructor_id","session");--> statement-breakpoint
CREATE UNIQUE INDEX "races_year_round_key" ON "races" USING btree ("year","round");--> statement-breakpoint
CREATE INDEX "races_starts_at_idx" ON "races" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "races_circuit_idx" ON "races" USING btree ("circuit_id");--> statement-breakpoint
CREATE INDEX "races_grand_prix_idx" ON "races" USING btree ("grand_prix_id");--> statement-breakpoint
CREATE INDEX "races_official_name_trgm" ON "races" USING gin (f_unaccent(lower("official_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "season_drivers_driver_idx" ON "season_drivers" USING btree ("driver_id","year");