CREATE TYPE "public"."carrier" AS ENUM('FedEx', 'UPS', 'USPS', 'DHL');--> statement-breakpoint
CREATE TYPE "public"."printed_by" AS ENUM('agent', 'title_company');--> statement-breakpoint
CREATE TYPE "public"."return_method" AS ENUM('dropoff', 'prepaid_label', 'none');--> statement-breakpoint
CREATE TYPE "public"."ship_by_day" AS ENUM('same_day', 'next_day');--> statement-breakpoint
CREATE TABLE "firm_order_terms" (
	"firm_id" uuid PRIMARY KEY NOT NULL,
	"scan_back_hours" smallint DEFAULT 2 NOT NULL,
	"return_method" "return_method" DEFAULT 'dropoff' NOT NULL,
	"return_carrier" "carrier" DEFAULT 'FedEx',
	"ship_by_day" "ship_by_day" DEFAULT 'next_day' NOT NULL,
	"ship_by_time" varchar(5) DEFAULT '17:00' NOT NULL,
	"printed_by" "printed_by" DEFAULT 'agent' NOT NULL,
	"payment_terms_days" smallint DEFAULT 30 NOT NULL,
	"trip_fee_cents" integer DEFAULT 5000 NOT NULL,
	"extra_signer_fee_cents" integer DEFAULT 2500 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firm_order_terms_scan_back_hours" CHECK ("firm_order_terms"."scan_back_hours" between 1 and 72),
	CONSTRAINT "firm_order_terms_payment_terms" CHECK ("firm_order_terms"."payment_terms_days" between 0 and 120),
	CONSTRAINT "firm_order_terms_trip_fee" CHECK ("firm_order_terms"."trip_fee_cents" between 0 and 100000),
	CONSTRAINT "firm_order_terms_extra_signer_fee" CHECK ("firm_order_terms"."extra_signer_fee_cents" between 0 and 50000),
	CONSTRAINT "firm_order_terms_ship_by_time" CHECK ("firm_order_terms"."ship_by_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "firm_order_terms_carrier" CHECK ("firm_order_terms"."return_method" = 'none' or "firm_order_terms"."return_carrier" is not null)
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "scan_back_hours" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "return_method" "return_method" DEFAULT 'dropoff' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "return_carrier" "carrier" DEFAULT 'FedEx';--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "ship_by_day" "ship_by_day" DEFAULT 'next_day' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "ship_by_time" varchar(5) DEFAULT '17:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "printed_by" "printed_by" DEFAULT 'agent' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "payment_terms_days" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "trip_fee_cents" integer DEFAULT 5000 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "extra_signer_fee_cents" integer DEFAULT 2500 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "page_count" smallint;--> statement-breakpoint
ALTER TABLE "firm_order_terms" ADD CONSTRAINT "firm_order_terms_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_order_terms" ADD CONSTRAINT "firm_order_terms_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_scan_back_hours" CHECK ("appointments"."scan_back_hours" between 1 and 72);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_payment_terms" CHECK ("appointments"."payment_terms_days" between 0 and 120);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_trip_fee" CHECK ("appointments"."trip_fee_cents" between 0 and 100000);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_extra_signer_fee" CHECK ("appointments"."extra_signer_fee_cents" between 0 and 50000);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_ship_by_time" CHECK ("appointments"."ship_by_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_carrier" CHECK ("appointments"."return_method" = 'none' or "appointments"."return_carrier" is not null);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_page_count" CHECK ("appointments"."page_count" is null or "appointments"."page_count" between 1 and 2000);