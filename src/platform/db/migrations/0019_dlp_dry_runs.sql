CREATE TABLE "dlp_dry_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"days" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"scan_from" timestamp (3) with time zone NOT NULL,
	"scan_to" timestamp (3) with time zone NOT NULL,
	"total" integer,
	"scanned" integer DEFAULT 0 NOT NULL,
	"blocked" integer DEFAULT 0 NOT NULL,
	"examples" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"truncated" boolean DEFAULT false NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"cursor_at" timestamp (3) with time zone,
	"cursor_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "dlp_dry_runs" ADD CONSTRAINT "dlp_dry_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dlp_dry_runs_org_created_idx" ON "dlp_dry_runs" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "dlp_dry_runs_one_live_per_org" ON "dlp_dry_runs" USING btree ("organization_id") WHERE "dlp_dry_runs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "messages_org_user_created_idx" ON "messages" USING btree ("organization_id","created_at","id") WHERE "messages"."role" = 'user';