CREATE TABLE "agent_scores" (
	"agent_id" uuid PRIMARY KEY NOT NULL,
	"score" smallint DEFAULT 50 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"computed_version" bigint DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT to_timestamp(0) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_scores" ADD CONSTRAINT "agent_scores_agent_id_agent_profiles_user_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agent_profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_scores_stale_idx" ON "agent_scores" USING btree ("agent_id") WHERE "agent_scores"."version" > "agent_scores"."computed_version";--> statement-breakpoint
-- The stored score goes stale in the transaction of every write the scorecard counts
-- (decision 067, api/src/lib/scorecard.ts): the statement bumps the version of the agents it
-- touched. Rows are locked in agent order, so two statements over the same agents cannot deadlock.
CREATE FUNCTION "signingdesk_scores_stale"("ids" uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "agent_scores" SET "version" = "version" + 1
  WHERE "agent_id" IN (
    SELECT "agent_id" FROM "agent_scores" WHERE "agent_id" = ANY("ids") ORDER BY "agent_id" FOR UPDATE
  );
$$;
--> statement-breakpoint
-- Offers: an answer, a decision, a removal. A new offer counts only once its window passes,
-- which the reader sees from the offer's time (api/src/lib/stored-scores.ts).
CREATE FUNCTION "signingdesk_scores_offers_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "signingdesk_scores_stale"(ARRAY(SELECT DISTINCT "agent_id" FROM "new_rows" WHERE "status" <> 'offered'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "signingdesk_scores_offers_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "signingdesk_scores_stale"(ARRAY(
    SELECT "n"."agent_id" FROM "new_rows" AS "n" JOIN "old_rows" AS "o" ON "o"."id" = "n"."id"
    WHERE ("n"."status", "n"."bid_cents", "n"."responded_at", "n"."agent_responded_at", "n"."agent_id")
      IS DISTINCT FROM ("o"."status", "o"."bid_cents", "o"."responded_at", "o"."agent_responded_at", "o"."agent_id")
    UNION SELECT "o"."agent_id" FROM "new_rows" AS "n" JOIN "old_rows" AS "o" ON "o"."id" = "n"."id"
    WHERE "n"."agent_id" <> "o"."agent_id"
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "signingdesk_scores_offers_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "signingdesk_scores_stale"(ARRAY(SELECT DISTINCT "agent_id" FROM "old_rows"));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The agent's orders: completion, its time, scan-backs required, a change of agent.
CREATE FUNCTION "signingdesk_scores_appointments_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "signingdesk_scores_stale"(ARRAY(
    SELECT DISTINCT "x"."agent_id"
    FROM "new_rows" AS "n" JOIN "old_rows" AS "o" ON "o"."id" = "n"."id"
    CROSS JOIN LATERAL (VALUES ("n"."assigned_agent_id"), ("o"."assigned_agent_id")) AS "x"("agent_id")
    WHERE "x"."agent_id" IS NOT NULL
      AND ("n"."status", "n"."assigned_agent_id", "n"."marked_completed_at", "n"."starts_at", "n"."scan_back_required")
        IS DISTINCT FROM ("o"."status", "o"."assigned_agent_id", "o"."marked_completed_at", "o"."starts_at", "o"."scan_back_required")
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An order written or removed with its agent (an import, the demo's history, a deletion).
CREATE FUNCTION "signingdesk_scores_appointments_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "signingdesk_scores_stale"(ARRAY(SELECT DISTINCT "assigned_agent_id" FROM "new_rows" WHERE "assigned_agent_id" IS NOT NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "signingdesk_scores_appointments_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "signingdesk_scores_stale"(ARRAY(SELECT DISTINCT "assigned_agent_id" FROM "old_rows" WHERE "assigned_agent_id" IS NOT NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Scan-backs: the assigned agent of each order a scan-back was written for.
CREATE FUNCTION "signingdesk_scores_scan_backs_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "signingdesk_scores_stale"(ARRAY(
    SELECT DISTINCT "a"."assigned_agent_id" FROM "new_rows" AS "f" JOIN "appointments" AS "a" ON "a"."id" = "f"."appointment_id"
    WHERE "f"."kind" = 'scan_back' AND "a"."assigned_agent_id" IS NOT NULL
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "signingdesk_scores_ratings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "signingdesk_scores_stale"(ARRAY(SELECT DISTINCT "agent_id" FROM "old_rows"));
  ELSE
    PERFORM "signingdesk_scores_stale"(ARRAY(SELECT DISTINCT "agent_id" FROM "new_rows"));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every agent profile has its row from the start (a new agent: version 1, never computed).
CREATE FUNCTION "signingdesk_scores_agents_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "agent_scores" ("agent_id") SELECT "user_id" FROM "new_rows" ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "offers_scores_insert" AFTER INSERT ON "offers"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "signingdesk_scores_offers_inserted"();
--> statement-breakpoint
CREATE TRIGGER "offers_scores_update" AFTER UPDATE ON "offers"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "signingdesk_scores_offers_changed"();
--> statement-breakpoint
CREATE TRIGGER "offers_scores_delete" AFTER DELETE ON "offers"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "signingdesk_scores_offers_deleted"();
--> statement-breakpoint
CREATE TRIGGER "appointments_scores_insert" AFTER INSERT ON "appointments"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "signingdesk_scores_appointments_inserted"();
--> statement-breakpoint
CREATE TRIGGER "appointments_scores_update" AFTER UPDATE ON "appointments"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "signingdesk_scores_appointments_changed"();
--> statement-breakpoint
CREATE TRIGGER "appointments_scores_delete" AFTER DELETE ON "appointments"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "signingdesk_scores_appointments_deleted"();
--> statement-breakpoint
CREATE TRIGGER "files_scores_insert" AFTER INSERT ON "files"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "signingdesk_scores_scan_backs_changed"();
--> statement-breakpoint
CREATE TRIGGER "files_scores_update" AFTER UPDATE ON "files"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "signingdesk_scores_scan_backs_changed"();
--> statement-breakpoint
CREATE TRIGGER "escrow_ratings_scores_insert" AFTER INSERT ON "escrow_ratings"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "signingdesk_scores_ratings_changed"();
--> statement-breakpoint
CREATE TRIGGER "escrow_ratings_scores_update" AFTER UPDATE ON "escrow_ratings"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "signingdesk_scores_ratings_changed"();
--> statement-breakpoint
CREATE TRIGGER "escrow_ratings_scores_delete" AFTER DELETE ON "escrow_ratings"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "signingdesk_scores_ratings_changed"();
--> statement-breakpoint
CREATE TRIGGER "agent_profiles_scores_insert" AFTER INSERT ON "agent_profiles"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "signingdesk_scores_agents_inserted"();
--> statement-breakpoint
INSERT INTO "agent_scores" ("agent_id") SELECT "user_id" FROM "agent_profiles";
