CREATE TABLE "chassis" (
	"id" text PRIMARY KEY NOT NULL,
	"constructor_id" text NOT NULL,
	"name" text NOT NULL,
	"full_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "driver_of_the_day" (
	"race_id" integer NOT NULL,
	"position_order" integer NOT NULL,
	"position_text" text NOT NULL,
	"position_number" integer,
	"driver_id" text NOT NULL,
	"constructor_id" text NOT NULL,
	"percentage" double precision,
	CONSTRAINT "driver_of_the_day_race_id_position_order_pk" PRIMARY KEY("race_id","position_order")
);
--> statement-breakpoint
CREATE TABLE "engine_manufacturers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country_id" text
);
--> statement-breakpoint
CREATE TABLE "engines" (
	"id" text PRIMARY KEY NOT NULL,
	"engine_manufacturer_id" text NOT NULL,
	"name" text NOT NULL,
	"full_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entrants" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pit_stops" (
	"race_id" integer NOT NULL,
	"position_order" integer NOT NULL,
	"driver_number" text,
	"driver_id" text NOT NULL,
	"constructor_id" text NOT NULL,
	"stop" integer NOT NULL,
	"lap" integer NOT NULL,
	"time" text,
	CONSTRAINT "pit_stops_race_id_position_order_pk" PRIMARY KEY("race_id","position_order")
);
--> statement-breakpoint
CREATE TABLE "session_results" (
	"race_id" integer NOT NULL,
	"session" text NOT NULL,
	"position_order" integer NOT NULL,
	"position_text" text NOT NULL,
	"position_number" integer,
	"driver_number" text,
	"driver_id" text NOT NULL,
	"constructor_id" text NOT NULL,
	"time" text,
	"gap" text,
	"interval" text,
	"laps" integer,
	"q1" text,
	"q2" text,
	"q3" text,
	CONSTRAINT "session_results_race_id_session_position_order_pk" PRIMARY KEY("race_id","session","position_order")
);
--> statement-breakpoint
CREATE TABLE "tyre_manufacturers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fastest_laps" ADD COLUMN "driver_number" text;--> statement-breakpoint
ALTER TABLE "race_results" ADD COLUMN "interval" text;--> statement-breakpoint
ALTER TABLE "race_results" ADD COLUMN "time_penalty" text;--> statement-breakpoint
ALTER TABLE "race_results" ADD COLUMN "driver_of_the_day" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "race_results" ADD COLUMN "shared_car" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "race_results" ADD COLUMN "tyre_manufacturer_id" text;--> statement-breakpoint
ALTER TABLE "race_results" ADD COLUMN "entrant_id" text;--> statement-breakpoint
ALTER TABLE "race_results" ADD COLUMN "chassis_ids" text[];--> statement-breakpoint
ALTER TABLE "race_results" ADD COLUMN "engine_ids" text[];--> statement-breakpoint
ALTER TABLE "starting_grid" ADD COLUMN "session" text DEFAULT 'RACE' NOT NULL;--> statement-breakpoint
ALTER TABLE "starting_grid" ADD COLUMN "driver_number" text;--> statement-breakpoint
ALTER TABLE "starting_grid" DROP CONSTRAINT "starting_grid_race_id_position_order_pk";--> statement-breakpoint
ALTER TABLE "starting_grid" ADD CONSTRAINT "starting_grid_race_id_session_position_order_pk" PRIMARY KEY("race_id","session","position_order");--> statement-breakpoint
ALTER TABLE "driver_of_the_day" ADD CONSTRAINT "driver_of_the_day_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_of_the_day" ADD CONSTRAINT "driver_of_the_day_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_of_the_day" ADD CONSTRAINT "driver_of_the_day_constructor_id_constructors_id_fk" FOREIGN KEY ("constructor_id") REFERENCES "public"."constructors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "engine_manufacturers" ADD CONSTRAINT "engine_manufacturers_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pit_stops" ADD CONSTRAINT "pit_stops_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pit_stops" ADD CONSTRAINT "pit_stops_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pit_stops" ADD CONSTRAINT "pit_stops_constructor_id_constructors_id_fk" FOREIGN KEY ("constructor_id") REFERENCES "public"."constructors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_results" ADD CONSTRAINT "session_results_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_results" ADD CONSTRAINT "session_results_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_results" ADD CONSTRAINT "session_results_constructor_id_constructors_id_fk" FOREIGN KEY ("constructor_id") REFERENCES "public"."constructors"("id") ON DELETE no action ON UPDATE no action;