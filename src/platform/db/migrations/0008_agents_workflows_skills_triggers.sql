CREATE TABLE "agents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"system_prompt" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"visibility" text DEFAULT 'organization' NOT NULL,
	"default_skill_slugs" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "skills" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"when_to_use" text,
	"instructions" text NOT NULL,
	"manifest" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"scripts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trigger_fires" (
	"trigger_id" uuid NOT NULL,
	"due_at" timestamp (3) with time zone NOT NULL,
	"fired_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trigger_fires_trigger_id_due_at_pk" PRIMARY KEY("trigger_id","due_at")
);
--> statement-breakpoint
CREATE TABLE "triggers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"type" text NOT NULL,
	"schedule" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"target" jsonb NOT NULL,
	"next_fire_at" timestamp (3) with time zone,
	"last_fired_at" timestamp (3) with time zone,
	"secret_sealed" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"definition" jsonb NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"visibility" text DEFAULT 'organization' NOT NULL,
	"discussion_agent_id" uuid,
	"created_by" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "skills" ADD CONSTRAINT "skills_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_fires" ADD CONSTRAINT "trigger_fires_trigger_id_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."triggers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triggers" ADD CONSTRAINT "triggers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agents_org_created_idx" ON "agents" USING btree ("organization_id","status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "skills_builtin_slug_key" ON "skills" USING btree (lower("slug")) WHERE "skills"."organization_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "skills_org_slug_key" ON "skills" USING btree ("organization_id",lower("slug")) WHERE "skills"."organization_id" is not null;--> statement-breakpoint
CREATE INDEX "skills_org_created_idx" ON "skills" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "triggers_owner_idx" ON "triggers" USING btree ("organization_id","owner_type","owner_id","created_at");--> statement-breakpoint
CREATE INDEX "triggers_due_idx" ON "triggers" USING btree ("next_fire_at") WHERE "triggers"."enabled" and "triggers"."type" = 'cron';--> statement-breakpoint
CREATE INDEX "triggers_event_idx" ON "triggers" USING btree ("organization_id","schedule") WHERE "triggers"."enabled" and "triggers"."type" = 'event';--> statement-breakpoint
CREATE INDEX "workflows_org_created_idx" ON "workflows" USING btree ("organization_id","status","created_at","id");