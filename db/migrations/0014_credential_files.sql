ALTER TYPE "public"."file_kind" ADD VALUE 'credential';--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "appointment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "credential_id" uuid;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_credential_id_agent_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."agent_credentials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_credentials" ADD CONSTRAINT "agent_credentials_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_credential_idx" ON "files" USING btree ("credential_id");--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_one_owner" CHECK (("files"."appointment_id" is null) <> ("files"."credential_id" is null) and ("files"."kind"::text = 'credential') = ("files"."credential_id" is not null));