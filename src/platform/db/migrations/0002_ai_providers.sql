CREATE TABLE "ai_providers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"website" text,
	"base_url" text,
	"api_key_sealed" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ai_providers_live_slug_key" ON "ai_providers" USING btree ("slug") WHERE "ai_providers"."deleted_at" is null;