CREATE TYPE "public"."notification_state" AS ENUM('pending', 'sent', 'failed');--> statement-breakpoint
CREATE TABLE "notification_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"recipient_id" uuid NOT NULL,
	"appointment_id" uuid,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" "notification_state" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "response_body" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "notification_jobs" ADD CONSTRAINT "notification_jobs_recipient_id_user_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_jobs_state_idx" ON "notification_jobs" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "notification_jobs_recipient_idx" ON "notification_jobs" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "notification_jobs_appointment_idx" ON "notification_jobs" USING btree ("appointment_id");