CREATE TYPE "public"."credential_kind" AS ENUM('commission', 'eo_insurance', 'background_check', 'nna_certification', 'surety_bond', 'w9');--> statement-breakpoint
CREATE TYPE "public"."credential_review" AS ENUM('pending', 'verified', 'rejected');--> statement-breakpoint
CREATE TABLE "agent_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"kind" "credential_kind" NOT NULL,
	"state" varchar(2),
	"number" text,
	"name_on_document" text,
	"provider" text,
	"coverage_cents" bigint,
	"issued_on" date,
	"expires_on" date,
	"review" "credential_review" DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"file_id" uuid,
	"replaced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_credentials_state_bound" CHECK (("agent_credentials"."kind" in ('commission', 'surety_bond')) = ("agent_credentials"."state" is not null)),
	CONSTRAINT "agent_credentials_coverage_nonnegative" CHECK ("agent_credentials"."coverage_cents" is null or "agent_credentials"."coverage_cents" >= 0),
	CONSTRAINT "agent_credentials_reject_reason" CHECK ("agent_credentials"."review" <> 'rejected' or "agent_credentials"."reject_reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "agent_time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_time_off_order" CHECK ("agent_time_off"."ends_on" >= "agent_time_off"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "credential_reminders" (
	"credential_id" uuid NOT NULL,
	"days_before" smallint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credential_reminders_credential_id_days_before_pk" PRIMARY KEY("credential_id","days_before")
);
--> statement-breakpoint
CREATE TABLE "escrow_ratings" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"agent_id" uuid NOT NULL,
	"rated_by" uuid NOT NULL,
	"stars" smallint NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "escrow_ratings_stars" CHECK ("escrow_ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "min_eo_coverage_cents" bigint;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "max_background_check_age_days" integer;--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "nna_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_profiles" ADD COLUMN "travel_radius_miles" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_profiles" ADD COLUMN "max_signings_per_day" integer;--> statement-breakpoint
ALTER TABLE "agent_profiles" ADD COLUMN "offers_paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agent_profiles" ADD COLUMN "channel_preferences" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_credentials" ADD CONSTRAINT "agent_credentials_agent_id_user_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_credentials" ADD CONSTRAINT "agent_credentials_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_time_off" ADD CONSTRAINT "agent_time_off_agent_id_user_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credential_reminders" ADD CONSTRAINT "credential_reminders_credential_id_agent_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."agent_credentials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_ratings" ADD CONSTRAINT "escrow_ratings_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_ratings" ADD CONSTRAINT "escrow_ratings_agent_id_user_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_ratings" ADD CONSTRAINT "escrow_ratings_rated_by_user_id_fk" FOREIGN KEY ("rated_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_credentials_agent_idx" ON "agent_credentials" USING btree ("agent_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_credentials_current_idx" ON "agent_credentials" USING btree ("agent_id","kind",coalesce("state", '')) WHERE "agent_credentials"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "agent_credentials_expiry_idx" ON "agent_credentials" USING btree ("expires_on") WHERE "agent_credentials"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "agent_credentials_review_idx" ON "agent_credentials" USING btree ("review") WHERE "agent_credentials"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "agent_time_off_agent_idx" ON "agent_time_off" USING btree ("agent_id","ends_on");--> statement-breakpoint
CREATE INDEX "escrow_ratings_agent_idx" ON "escrow_ratings" USING btree ("agent_id");--> statement-breakpoint
ALTER TABLE "firms" ADD CONSTRAINT "firms_min_eo_nonnegative" CHECK ("firms"."min_eo_coverage_cents" is null or "firms"."min_eo_coverage_cents" >= 0);--> statement-breakpoint
ALTER TABLE "firms" ADD CONSTRAINT "firms_background_age_positive" CHECK ("firms"."max_background_check_age_days" is null or "firms"."max_background_check_age_days" > 0);--> statement-breakpoint
ALTER TABLE "agent_profiles" ADD CONSTRAINT "agent_profiles_travel_radius" CHECK ("agent_profiles"."travel_radius_miles" between 10 and 250);--> statement-breakpoint
ALTER TABLE "agent_profiles" ADD CONSTRAINT "agent_profiles_max_per_day" CHECK ("agent_profiles"."max_signings_per_day" is null or "agent_profiles"."max_signings_per_day" between 1 and 20);