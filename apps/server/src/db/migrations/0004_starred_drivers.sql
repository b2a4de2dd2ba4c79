CREATE TABLE "starred_drivers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "starred_drivers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"race_id" integer NOT NULL,
	"driver_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "starred_drivers" ADD CONSTRAINT "starred_drivers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "starred_drivers" ADD CONSTRAINT "starred_drivers_race_id_races_id_fk" FOREIGN KEY ("race_id") REFERENCES "public"."races"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "starred_drivers" ADD CONSTRAINT "starred_drivers_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "starred_drivers_once_key" ON "starred_drivers" USING btree ("user_id","race_id","driver_id");--> statement-breakpoint
CREATE INDEX "starred_drivers_user_idx" ON "starred_drivers" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "starred_drivers_race_driver_idx" ON "starred_drivers" USING btree ("race_id","driver_id");