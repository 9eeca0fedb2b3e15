CREATE TYPE "public"."dispatch_event_kind" AS ENUM('started', 'wave', 'offered', 'skipped', 'answered', 'assigned', 'waiting', 'paused', 'resumed', 'stopped', 'exhausted', 'restarted');--> statement-breakpoint
CREATE TYPE "public"."dispatch_state" AS ENUM('running', 'paused', 'stopped', 'filled', 'exhausted');--> statement-breakpoint
CREATE TABLE "dispatch_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"appointment_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" "dispatch_event_kind" NOT NULL,
	"wave" integer,
	"agent_id" uuid,
	"actor_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispatches" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"state" "dispatch_state" DEFAULT 'running' NOT NULL,
	"wave" integer DEFAULT 0 NOT NULL,
	"next_wave_at" timestamp with time zone,
	"next_job_id" uuid,
	"restarts" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"started_by" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firm_dispatch_settings" (
	"firm_id" uuid PRIMARY KEY NOT NULL,
	"auto_start" boolean NOT NULL,
	"auto_assign" boolean NOT NULL,
	"wave_size" integer NOT NULL,
	"window_minutes" integer NOT NULL,
	"score_bar" integer NOT NULL,
	"min_completed" integer NOT NULL,
	"counter_band_cents" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firm_dispatch_wave_size" CHECK ("firm_dispatch_settings"."wave_size" between 1 and 10),
	CONSTRAINT "firm_dispatch_window" CHECK ("firm_dispatch_settings"."window_minutes" between 1 and 60),
	CONSTRAINT "firm_dispatch_score_bar" CHECK ("firm_dispatch_settings"."score_bar" between 0 and 100),
	CONSTRAINT "firm_dispatch_min_completed" CHECK ("firm_dispatch_settings"."min_completed" between 0 and 100),
	CONSTRAINT "firm_dispatch_band" CHECK ("firm_dispatch_settings"."counter_band_cents" between 0 and 20000)
);
--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "wave" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "reserved_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "tier" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "distance_miles" real;--> statement-breakpoint
ALTER TABLE "dispatch_events" ADD CONSTRAINT "dispatch_events_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_events" ADD CONSTRAINT "dispatch_events_agent_id_user_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_events" ADD CONSTRAINT "dispatch_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatches" ADD CONSTRAINT "dispatches_started_by_user_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_dispatch_settings" ADD CONSTRAINT "firm_dispatch_settings_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_dispatch_settings" ADD CONSTRAINT "firm_dispatch_settings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispatch_events_appointment_idx" ON "dispatch_events" USING btree ("appointment_id","id");--> statement-breakpoint
CREATE INDEX "dispatches_due_idx" ON "dispatches" USING btree ("next_wave_at") WHERE "dispatches"."state" = 'running';--> statement-breakpoint
CREATE INDEX "dispatches_state_idx" ON "dispatches" USING btree ("state");--> statement-breakpoint
-- The box around an agent's travel radius (decision 067), for a GiST index: an order's point in
-- it is the index's prefilter before the exact great-circle distance. 68 miles to a degree is
-- fewer than the Earth has at any latitude (69.1 along a meridian, and the widening of a circle's
-- longitude span toward the pole stays under it up to Alaska's 71°), so the box always holds
-- the whole circle.
CREATE FUNCTION "agent_reach_box"("latitude" double precision, "longitude" double precision, "miles" integer) RETURNS box
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN box(
    point("longitude" - "miles" / (68.0 * greatest(cos(radians(abs("latitude") + "miles" / 68.0)), 0.01)), "latitude" - "miles" / 68.0),
    point("longitude" + "miles" / (68.0 * greatest(cos(radians(abs("latitude") + "miles" / 68.0)), 0.01)), "latitude" + "miles" / 68.0)
  );
--> statement-breakpoint
CREATE INDEX "agent_profiles_reach_idx" ON "agent_profiles" USING gist (agent_reach_box("latitude", "longitude", "travel_radius_miles"));--> statement-breakpoint
CREATE INDEX "offers_reserved_idx" ON "offers" USING btree ("agent_id","reserved_until") WHERE "offers"."reserved_until" is not null and "offers"."status" = 'offered';