ALTER TABLE "appointments" ADD COLUMN "documents_notice_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "documents_noticed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "appointments_documents_notice_idx" ON "appointments" USING btree ("documents_notice_due_at") WHERE "appointments"."documents_notice_due_at" is not null;