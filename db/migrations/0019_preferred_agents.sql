CREATE TABLE "preferred_agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"officer_id" uuid,
	"firm_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preferred_agents_one_owner" CHECK (("preferred_agents"."officer_id" is null) <> ("preferred_agents"."firm_id" is null))
);
--> statement-breakpoint
ALTER TABLE "preferred_agents" ADD CONSTRAINT "preferred_agents_agent_id_user_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preferred_agents" ADD CONSTRAINT "preferred_agents_officer_id_user_id_fk" FOREIGN KEY ("officer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preferred_agents" ADD CONSTRAINT "preferred_agents_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preferred_agents" ADD CONSTRAINT "preferred_agents_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "preferred_agents_officer_idx" ON "preferred_agents" USING btree ("officer_id","agent_id") WHERE "preferred_agents"."officer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "preferred_agents_firm_idx" ON "preferred_agents" USING btree ("firm_id","agent_id") WHERE "preferred_agents"."firm_id" is not null;