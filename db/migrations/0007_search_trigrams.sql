-- The escrow search finds a file number or a signer by any part of it (ILIKE '%…%'); trigram
-- indexes answer that from the matches at any size of the table (issue 13). pg_trgm is a trusted
-- extension: the database's owner may create it; PGlite loads it in db/src/index.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "appointments_file_number_trgm_idx" ON "appointments" USING gin ("file_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_contact_name_trgm_idx" ON "appointments" USING gin ("contact_name" gin_trgm_ops);
