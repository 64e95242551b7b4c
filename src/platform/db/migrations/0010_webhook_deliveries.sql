CREATE TABLE "webhook_deliveries" (
	"organization_id" uuid NOT NULL,
	"trigger_id" uuid NOT NULL,
	"signature" text NOT NULL,
	"fired" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_trigger_id_signature_pk" PRIMARY KEY("trigger_id","signature")
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_trigger_id_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."triggers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_expiry_idx" ON "webhook_deliveries" USING btree ("trigger_id","expires_at");