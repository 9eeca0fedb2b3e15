DROP INDEX "offers_agent_status_idx";--> statement-breakpoint
CREATE INDEX "offers_agent_status_idx" ON "offers" USING btree ("agent_id","status","created_at");