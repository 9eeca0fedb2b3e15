ALTER TABLE "offers" ADD COLUMN "agent_responded_at" timestamp with time zone;--> statement-breakpoint
-- Offers the agent answered and no operator has decided since: their last change is the agent's answer.
UPDATE "offers" SET "agent_responded_at" = "responded_at" WHERE "status" IN ('claimed', 'countered', 'declined') AND "responded_at" IS NOT NULL;
