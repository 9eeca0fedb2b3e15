CREATE TYPE "public"."confirmation_result" AS ENUM('confirmed', 'reschedule', 'unreached');--> statement-breakpoint
CREATE TYPE "public"."contact_method" AS ENUM('call', 'text', 'link');--> statement-breakpoint
CREATE TYPE "public"."reminder_kind" AS ENUM('documents_24h', 'documents_3h', 'not_downloaded', 'unconfirmed_agent', 'unconfirmed_operators', 'evening_before', 'hour_before', 'not_completed', 'scan_backs_soon', 'scan_backs_overdue', 'not_shipped');--> statement-breakpoint
CREATE TABLE "reminders_sent" (
	"appointment_id" uuid NOT NULL,
	"kind" "reminder_kind" NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_sent_appointment_id_kind_due_at_pk" PRIMARY KEY("appointment_id","kind","due_at")
);
--> statement-breakpoint
CREATE TABLE "signer_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"via" "message_channel" NOT NULL,
	"to_address" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"preferred_time" varchar(200),
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmation_result" "confirmation_result";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmation_method" "contact_method";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmation_contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmation_reschedule_to" varchar(200);--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmation_note" varchar(400);--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "originals_carrier" "carrier";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "originals_tracking" varchar(60);--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "originals_shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD CONSTRAINT "reminders_sent_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_links" ADD CONSTRAINT "signer_links_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_links" ADD CONSTRAINT "signer_links_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signer_links_appointment_idx" ON "signer_links" USING btree ("appointment_id");