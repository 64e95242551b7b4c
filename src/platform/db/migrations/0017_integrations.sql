CREATE TABLE "integrations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"type" text NOT NULL,
	"display_name" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets_sealed" text NOT NULL,
	"vendor_account" text NOT NULL,
	"status" text NOT NULL,
	"last_validated_at" timestamp (3) with time zone,
	"last_error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integrations_org_created_idx" ON "integrations" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "integrations_org_type_created_idx" ON "integrations" USING btree ("organization_id","type","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_vendor_account_idx" ON "integrations" USING btree ("type","vendor_account") WHERE "integrations"."type" = 'telegram';