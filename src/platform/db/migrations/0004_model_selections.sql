CREATE TABLE "organization_model_selections" (
	"organization_id" uuid NOT NULL,
	"key" text NOT NULL,
	"model_version_id" uuid NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_model_selections_organization_id_key_pk" PRIMARY KEY("organization_id","key")
);
--> statement-breakpoint
ALTER TABLE "organization_model_selections" ADD CONSTRAINT "organization_model_selections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_model_selections" ADD CONSTRAINT "organization_model_selections_model_version_id_ai_model_versions_id_fk" FOREIGN KEY ("model_version_id") REFERENCES "public"."ai_model_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_model_selections_version_idx" ON "organization_model_selections" USING btree ("model_version_id");