ALTER TYPE "public"."file_kind" ADD VALUE 'receipt';--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "originals_receipt_file_id" uuid;