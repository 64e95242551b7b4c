CREATE TABLE "usage_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" uuid,
	"agent_id" uuid,
	"department_id" uuid,
	"integration_id" uuid,
	"channel" text,
	"run_id" uuid,
	"model_version_id" uuid NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"cached_input_tokens" integer DEFAULT 0 NOT NULL,
	"cost_micro_cents" bigint NOT NULL,
	"occurred_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usage_events" ADD CONSTRAINT "usage_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_events" ADD CONSTRAINT "usage_events_model_version_id_ai_model_versions_id_fk" FOREIGN KEY ("model_version_id") REFERENCES "public"."ai_model_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_events_org_time_idx" ON "usage_events" USING btree ("organization_id","occurred_at");--> statement-breakpoint
CREATE INDEX "usage_events_model_version_idx" ON "usage_events" USING btree ("model_version_id");--> statement-breakpoint
CREATE INDEX "usage_events_org_agent_idx" ON "usage_events" USING btree ("organization_id","agent_id");--> statement-breakpoint
CREATE INDEX "usage_events_org_department_idx" ON "usage_events" USING btree ("organization_id","department_id");--> statement-breakpoint
CREATE INDEX "usage_events_org_user_idx" ON "usage_events" USING btree ("organization_id","user_id");--> statement-breakpoint
CREATE INDEX "usage_events_integration_idx" ON "usage_events" USING btree ("integration_id");