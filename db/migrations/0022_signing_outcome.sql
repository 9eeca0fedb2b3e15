CREATE TYPE "public"."not_signed_reason" AS ENUM('no_show', 'refused', 'documents', 'identification', 'other');--> statement-breakpoint
CREATE TYPE "public"."signing_outcome" AS ENUM('signed', 'not_signed');--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "outcome" "signing_outcome";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "not_signed_reason" "not_signed_reason";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "outcome_note" varchar(400);--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reschedule_requested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reschedule_note" varchar(200);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_not_signed_reason" CHECK (("appointments"."outcome" is not distinct from 'not_signed') = ("appointments"."not_signed_reason" is not null));--> statement-breakpoint
-- Signings completed before outcomes were recorded were signed: the only way to complete one.
UPDATE "appointments" SET "outcome" = 'signed' WHERE "status" = 'Completed';
