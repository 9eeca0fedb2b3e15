-- The Dashboard at any size (issue 13): its charts from kept counts, its buckets from kept flags.
-- See db/src/schema/appointments.ts.
CREATE TABLE "appointment_count_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "appointment_count_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"state" varchar(2) NOT NULL,
	"status" "appointment_status" NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointment_day_counts" (
	"day" date NOT NULL,
	"status" "appointment_status" NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "appointment_day_counts_day_status_pk" PRIMARY KEY("day","status")
);
--> statement-breakpoint
CREATE TABLE "appointment_state_counts" (
	"state" varchar(2) NOT NULL,
	"status" "appointment_status" NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "appointment_state_counts_state_status_pk" PRIMARY KEY("state","status")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "has_documents" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "has_scan_backs" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "appointments_undocumented_idx" ON "appointments" USING btree ("starts_at") WHERE "appointments"."status" in ('Open', 'Pending', 'Scheduled') and not "appointments"."has_documents";--> statement-breakpoint
CREATE INDEX "appointments_no_scan_backs_idx" ON "appointments" USING btree ("marked_completed_at") WHERE "appointments"."status" = 'Completed' and "appointments"."scan_back_required" and not "appointments"."has_scan_backs";--> statement-breakpoint
-- Each statement on appointments appends its net change per (signing date, state, status): one
-- row per group, not per appointment, and none when those columns did not change.
CREATE FUNCTION "signingdesk_count_inserted_appointments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "appointment_count_changes" ("day", "state", "status", "delta")
    SELECT "date", "state", "status", count(*) FROM "new_rows" GROUP BY 1, 2, 3;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "signingdesk_count_updated_appointments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "appointment_count_changes" ("day", "state", "status", "delta")
    SELECT "day", "state", "status", sum("delta") FROM (
      SELECT "date" AS "day", "state", "status", -1 AS "delta" FROM "old_rows"
      UNION ALL
      SELECT "date", "state", "status", 1 FROM "new_rows"
    ) AS "changed"
    GROUP BY 1, 2, 3 HAVING sum("delta") <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "signingdesk_count_deleted_appointments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "appointment_count_changes" ("day", "state", "status", "delta")
    SELECT "date", "state", "status", -count(*) FROM "old_rows" GROUP BY 1, 2, 3;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "signingdesk_count_truncated_appointments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "appointment_count_changes";
  DELETE FROM "appointment_day_counts";
  DELETE FROM "appointment_state_counts";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "appointments_counted_insert" AFTER INSERT ON "appointments"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "signingdesk_count_inserted_appointments"();
--> statement-breakpoint
CREATE TRIGGER "appointments_counted_update" AFTER UPDATE ON "appointments"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "signingdesk_count_updated_appointments"();
--> statement-breakpoint
CREATE TRIGGER "appointments_counted_delete" AFTER DELETE ON "appointments"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "signingdesk_count_deleted_appointments"();
--> statement-breakpoint
CREATE TRIGGER "appointments_counted_truncate" AFTER TRUNCATE ON "appointments"
  FOR EACH STATEMENT EXECUTE FUNCTION "signingdesk_count_truncated_appointments"();
--> statement-breakpoint
INSERT INTO "appointment_day_counts" ("day", "status", "n")
  SELECT "date", "status", count(*) FROM "appointments" GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "appointment_state_counts" ("state", "status", "n")
  SELECT "state", "status", count(*) FROM "appointments" GROUP BY 1, 2;
--> statement-breakpoint
-- has_documents / has_scan_backs follow the files: after each statement on files, the orders it
-- touched are looked at again (one UPDATE, and only where a flag changes).
CREATE FUNCTION "signingdesk_mark_uploads"("ids" uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "appointments" AS "a"
  SET "has_documents" = "u"."documents", "has_scan_backs" = "u"."scan_backs"
  FROM (
    SELECT "t"."id",
      EXISTS (SELECT 1 FROM "files" AS "f" WHERE "f"."appointment_id" = "t"."id" AND "f"."kind" = 'document' AND "f"."upload_confirmed") AS "documents",
      EXISTS (SELECT 1 FROM "files" AS "f" WHERE "f"."appointment_id" = "t"."id" AND "f"."kind" = 'scan_back' AND "f"."upload_confirmed") AS "scan_backs"
    FROM unnest("ids") AS "t"("id")
  ) AS "u"
  WHERE "a"."id" = "u"."id" AND ("a"."has_documents", "a"."has_scan_backs") IS DISTINCT FROM ("u"."documents", "u"."scan_backs");
$$;
--> statement-breakpoint
CREATE FUNCTION "signingdesk_files_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "signingdesk_mark_uploads"(ARRAY(SELECT DISTINCT "appointment_id" FROM "new_rows"));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "signingdesk_files_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "signingdesk_mark_uploads"(ARRAY(SELECT "appointment_id" FROM "old_rows" UNION SELECT "appointment_id" FROM "new_rows"));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "signingdesk_files_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "signingdesk_mark_uploads"(ARRAY(SELECT DISTINCT "appointment_id" FROM "old_rows"));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "files_mark_uploads_insert" AFTER INSERT ON "files"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "signingdesk_files_inserted"();
--> statement-breakpoint
CREATE TRIGGER "files_mark_uploads_update" AFTER UPDATE ON "files"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "signingdesk_files_updated"();
--> statement-breakpoint
CREATE TRIGGER "files_mark_uploads_delete" AFTER DELETE ON "files"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "signingdesk_files_deleted"();
--> statement-breakpoint
UPDATE "appointments" AS "a" SET "has_documents" = true
  WHERE EXISTS (SELECT 1 FROM "files" AS "f" WHERE "f"."appointment_id" = "a"."id" AND "f"."kind" = 'document' AND "f"."upload_confirmed");
--> statement-breakpoint
UPDATE "appointments" AS "a" SET "has_scan_backs" = true
  WHERE EXISTS (SELECT 1 FROM "files" AS "f" WHERE "f"."appointment_id" = "a"."id" AND "f"."kind" = 'scan_back' AND "f"."upload_confirmed");
