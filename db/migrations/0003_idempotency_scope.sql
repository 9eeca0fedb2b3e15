-- Idempotency keys get a scope, so the public forms (no user) can take them too: a signed-in
-- caller's keys keep their user id as scope, a visitor's are scoped 'visitor'.
ALTER TABLE "idempotency_keys" ADD COLUMN "scope" text;--> statement-breakpoint
UPDATE "idempotency_keys" SET "scope" = "user_id"::text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "scope" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT "idempotency_keys_user_id_key_pk";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key");
