CREATE TYPE "public"."analytics_event_type" AS ENUM('page_view', 'form_display', 'form_submit', 'ad_conversion');--> statement-breakpoint
CREATE TYPE "public"."appointment_status" AS ENUM('Open', 'Pending', 'Scheduled', 'Paused', 'Completed', 'Canceled');--> statement-breakpoint
CREATE TYPE "public"."campaign_action" AS ENUM('enroll', 'decline');--> statement-breakpoint
CREATE TYPE "public"."contact_request_kind" AS ENUM('contact', 'landing_notary', 'landing_title');--> statement-breakpoint
CREATE TYPE "public"."file_action" AS ENUM('write', 'read');--> statement-breakpoint
CREATE TYPE "public"."file_kind" AS ENUM('document', 'scan_back', 'invoice');--> statement-breakpoint
CREATE TYPE "public"."firm_kind" AS ENUM('title_firm', 'independent', 'managing_organization');--> statement-breakpoint
CREATE TYPE "public"."idempotency_state" AS ENUM('in_progress', 'done');--> statement-breakpoint
CREATE TYPE "public"."message_channel" AS ENUM('sms', 'email');--> statement-breakpoint
CREATE TYPE "public"."offer_status" AS ENUM('offered', 'claimed', 'countered', 'declined', 'approved', 'rejected', 'removed');--> statement-breakpoint
CREATE TYPE "public"."registration_status" AS ENUM('pending', 'approved', 'declined');--> statement-breakpoint
CREATE TYPE "public"."time_zone_code" AS ENUM('ET', 'CT', 'MT', 'PT', 'HT', 'AK');--> statement-breakpoint
CREATE TYPE "public"."user_status" AS ENUM('active', 'pending', 'disabled');--> statement-breakpoint
CREATE TABLE "account" (
	"id" uuid PRIMARY KEY DEFAULT pg_catalog.gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp,
	"refresh_token_expires_at" timestamp,
	"scope" text,
	"password" text,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"updated_at" timestamp NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"id" uuid PRIMARY KEY DEFAULT pg_catalog.gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" uuid PRIMARY KEY DEFAULT pg_catalog.gen_random_uuid() NOT NULL,
	"expires_at" timestamp NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"updated_at" timestamp NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" uuid NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" uuid PRIMARY KEY DEFAULT pg_catalog.gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"updated_at" timestamp DEFAULT now() NOT NULL,
	"role" text DEFAULT 'notary' NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" uuid PRIMARY KEY DEFAULT pg_catalog.gen_random_uuid() NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp NOT NULL,
	"created_at" timestamp DEFAULT now() NOT NULL,
	"updated_at" timestamp DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_number" integer NOT NULL,
	"kind" "firm_kind" DEFAULT 'title_firm' NOT NULL,
	"name" text NOT NULL,
	"contact_name" text,
	"contact_email" text,
	"address" text,
	"city" text,
	"state" varchar(2),
	"zip" varchar(5),
	"service_fee_cents" integer DEFAULT 0 NOT NULL,
	"managing_org_number" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firms_org_number_unique" UNIQUE("org_number"),
	CONSTRAINT "firms_service_fee_nonnegative" CHECK ("firms"."service_fee_cents" >= 0),
	CONSTRAINT "firms_zip_digits" CHECK ("firms"."zip" is null or "firms"."zip" ~ '^[0-9]{5}$')
);
--> statement-breakpoint
CREATE TABLE "agent_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"company_name" text,
	"address1" text,
	"address2" text,
	"city" text NOT NULL,
	"state" varchar(2) NOT NULL,
	"zip" varchar(5) NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"laser_printer" boolean DEFAULT false NOT NULL,
	"dual_tray_printer" boolean DEFAULT false NOT NULL,
	"sms_opt_in" boolean DEFAULT false NOT NULL,
	"certified_states" varchar(2)[] DEFAULT '{}'::varchar(2)[] NOT NULL,
	"years_experience" integer,
	"registration_status" "registration_status" DEFAULT 'pending' NOT NULL,
	"reviewed_at" timestamp with time zone,
	"preferred" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_profiles_max_five_states" CHECK (cardinality("agent_profiles"."certified_states") <= 5),
	CONSTRAINT "agent_profiles_zip_digits" CHECK ("agent_profiles"."zip" ~ '^[0-9]{5}$')
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"firm_id" uuid NOT NULL,
	"phone" varchar(20),
	"status" "user_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"escrow_email" text NOT NULL,
	"name" text NOT NULL,
	"date" date NOT NULL,
	"time" varchar(5) NOT NULL,
	"time_tbd" boolean DEFAULT false NOT NULL,
	"time_zone" time_zone_code DEFAULT 'CT' NOT NULL,
	"starts_at" bigint NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"state" varchar(2) NOT NULL,
	"zip" varchar(5) NOT NULL,
	"lender" text,
	"agent_fee_cents" integer NOT NULL,
	"firm_fee_cents" integer,
	"file_number" text,
	"comments" varchar(400),
	"contact_name" text,
	"contact_phone1" varchar(20),
	"contact_phone2" varchar(20),
	"contact_email1" text,
	"contact_email2" text,
	"scan_back_required" boolean NOT NULL,
	"transaction_type" smallint NOT NULL,
	"finance_type" smallint,
	"status" "appointment_status" DEFAULT 'Open' NOT NULL,
	"assigned_agent_id" uuid,
	"agent_paid" boolean DEFAULT false NOT NULL,
	"agent_paid_at" timestamp with time zone,
	"files_uploaded" boolean DEFAULT false NOT NULL,
	"agent_upload_enabled" boolean DEFAULT false NOT NULL,
	"uploads_approved" boolean DEFAULT false NOT NULL,
	"marked_completed" boolean DEFAULT false NOT NULL,
	"marked_completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_zip_digits" CHECK ("appointments"."zip" ~ '^[0-9]{5}$'),
	CONSTRAINT "appointments_time_format" CHECK ("appointments"."time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "appointments_tbd_time" CHECK (not "appointments"."time_tbd" or "appointments"."time" = '00:00'),
	CONSTRAINT "appointments_transaction_type" CHECK ("appointments"."transaction_type" between 0 and 4),
	CONSTRAINT "appointments_finance_type" CHECK ("appointments"."finance_type" is null or "appointments"."finance_type" between 10 and 16),
	CONSTRAINT "appointments_fees_nonnegative" CHECK ("appointments"."agent_fee_cents" >= 0 and coalesce("appointments"."firm_fee_cents", 0) >= 0),
	CONSTRAINT "appointments_paid_time" CHECK ("appointments"."agent_paid" = ("appointments"."agent_paid_at" is not null)),
	CONSTRAINT "appointments_assigned_agent" CHECK ("appointments"."status" not in ('Scheduled', 'Completed') or "appointments"."assigned_agent_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"status" "offer_status" DEFAULT 'offered' NOT NULL,
	"bid_cents" integer,
	"notes" text,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_appointment_agent_key" UNIQUE("appointment_id","agent_id"),
	CONSTRAINT "offers_bid_nonnegative" CHECK ("offers"."bid_cents" is null or "offers"."bid_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"escrow_read_by" uuid,
	"escrow_read_at" timestamp with time zone,
	"agent_read_by" uuid,
	"agent_read_at" timestamp with time zone,
	"admin_read_by" uuid,
	"admin_read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "file_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"action" "file_action" NOT NULL,
	"user_id" uuid NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"kind" "file_kind" DEFAULT 'document' NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"upload_confirmed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "files_size_nonnegative" CHECK ("files"."size_bytes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "invoices_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1),
	"appointment_id" uuid NOT NULL,
	"firm_id" uuid NOT NULL,
	"file_id" uuid,
	"amount_cents" integer NOT NULL,
	"sent_to" text NOT NULL,
	"sent_by" uuid NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" "analytics_event_type" NOT NULL,
	"path" text NOT NULL,
	"form" text,
	"visitor_id" text,
	"user_id" uuid,
	"properties" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_appraisal_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" varchar(20) NOT NULL,
	"comments" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"campaign" text NOT NULL,
	"action" "campaign_action" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "contact_request_kind" DEFAULT 'contact' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" varchar(20),
	"subject" text,
	"comments" text NOT NULL,
	"city" text,
	"state" varchar(2),
	"read_at" timestamp with time zone,
	"read_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "escrow_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"phone" varchar(20),
	"zip" varchar(5),
	"title_company" text NOT NULL,
	"comments" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_request_id" uuid NOT NULL,
	"channel" "message_channel" NOT NULL,
	"message" varchar(320) NOT NULL,
	"sent_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"appointment_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" "idempotency_state" DEFAULT 'in_progress' NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_profiles" ADD CONSTRAINT "agent_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_assigned_agent_id_user_id_fk" FOREIGN KEY ("assigned_agent_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_agent_id_user_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_escrow_read_by_user_id_fk" FOREIGN KEY ("escrow_read_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_agent_read_by_user_id_fk" FOREIGN KEY ("agent_read_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_admin_read_by_user_id_fk" FOREIGN KEY ("admin_read_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_events" ADD CONSTRAINT "file_events_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_events" ADD CONSTRAINT "file_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_sent_by_user_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_enrollments" ADD CONSTRAINT "campaign_enrollments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_requests" ADD CONSTRAINT "contact_requests_read_by_user_id_fk" FOREIGN KEY ("read_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_replies" ADD CONSTRAINT "feedback_replies_contact_request_id_contact_requests_id_fk" FOREIGN KEY ("contact_request_id") REFERENCES "public"."contact_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_replies" ADD CONSTRAINT "feedback_replies_sent_by_user_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_userId_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_userId_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "firms_name_lower_idx" ON "firms" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "firms_managing_org_idx" ON "firms" USING btree ("managing_org_number");--> statement-breakpoint
CREATE INDEX "agent_profiles_state_idx" ON "agent_profiles" USING btree ("state");--> statement-breakpoint
CREATE INDEX "agent_profiles_zip_idx" ON "agent_profiles" USING btree ("zip");--> statement-breakpoint
CREATE INDEX "agent_profiles_last_name_idx" ON "agent_profiles" USING btree (lower("last_name"));--> statement-breakpoint
CREATE INDEX "agent_profiles_certified_states_idx" ON "agent_profiles" USING gin ("certified_states");--> statement-breakpoint
CREATE INDEX "agent_profiles_lat_lng_idx" ON "agent_profiles" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "agent_profiles_registration_idx" ON "agent_profiles" USING btree ("registration_status");--> statement-breakpoint
CREATE INDEX "agent_profiles_preferred_idx" ON "agent_profiles" USING btree ("preferred") WHERE "agent_profiles"."preferred";--> statement-breakpoint
CREATE INDEX "profiles_firm_idx" ON "profiles" USING btree ("firm_id","status");--> statement-breakpoint
CREATE INDEX "appointments_status_starts_idx" ON "appointments" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_firm_status_idx" ON "appointments" USING btree ("firm_id","status","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_creator_status_idx" ON "appointments" USING btree ("created_by","status");--> statement-breakpoint
CREATE INDEX "appointments_agent_status_idx" ON "appointments" USING btree ("assigned_agent_id","status");--> statement-breakpoint
CREATE INDEX "appointments_date_idx" ON "appointments" USING btree ("date");--> statement-breakpoint
CREATE INDEX "appointments_state_idx" ON "appointments" USING btree ("state","status");--> statement-breakpoint
CREATE INDEX "appointments_zip_idx" ON "appointments" USING btree ("zip");--> statement-breakpoint
CREATE INDEX "offers_agent_status_idx" ON "offers" USING btree ("agent_id","status");--> statement-breakpoint
CREATE INDEX "offers_appointment_status_idx" ON "offers" USING btree ("appointment_id","status");--> statement-breakpoint
CREATE INDEX "notes_appointment_idx" ON "notes" USING btree ("appointment_id","created_at");--> statement-breakpoint
CREATE INDEX "file_events_file_idx" ON "file_events" USING btree ("file_id","created_at");--> statement-breakpoint
CREATE INDEX "file_events_user_idx" ON "file_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "files_appointment_idx" ON "files" USING btree ("appointment_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_appointment_idx" ON "invoices" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "invoices_firm_idx" ON "invoices" USING btree ("firm_id","sent_at");--> statement-breakpoint
CREATE INDEX "analytics_events_type_created_idx" ON "analytics_events" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "auto_appraisal_requests_created_idx" ON "auto_appraisal_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "campaign_enrollments_user_idx" ON "campaign_enrollments" USING btree ("user_id","campaign");--> statement-breakpoint
CREATE INDEX "contact_requests_inbox_idx" ON "contact_requests" USING btree ("read_at","created_at");--> statement-breakpoint
CREATE INDEX "escrow_registrations_created_idx" ON "escrow_registrations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "feedback_replies_request_idx" ON "feedback_replies" USING btree ("contact_request_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_appointment_idx" ON "audit_log" USING btree ("appointment_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");