-- The operators' Assignments in the list's order (starts_at, id) at any size (issue 13): the page is
-- the index's next entries, not a sort of every Open order of the firm. See db/src/schema/appointments.ts.
DROP INDEX "appointments_status_starts_idx";--> statement-breakpoint
DROP INDEX "appointments_firm_status_idx";--> statement-breakpoint
CREATE INDEX "appointments_status_starts_idx" ON "appointments" USING btree ("status","starts_at","id");--> statement-breakpoint
CREATE INDEX "appointments_firm_status_idx" ON "appointments" USING btree ("firm_id","status","starts_at","id");