-- Dashboard buckets at any size (issue 13): unpaid agents and unfilled orders counted from an
-- index-only scan, not by reading appointments until 1,001 match. See db/src/schema/appointments.ts.
DROP INDEX "appointments_unpaid_idx";--> statement-breakpoint
CREATE INDEX "appointments_unfilled_idx" ON "appointments" USING btree ("created_at") WHERE "appointments"."status" in ('Open', 'Pending');--> statement-breakpoint
CREATE INDEX "appointments_unpaid_idx" ON "appointments" USING btree ("starts_at") WHERE "appointments"."status" = 'Completed' and not "appointments"."agent_paid" and "appointments"."assigned_agent_id" is not null;