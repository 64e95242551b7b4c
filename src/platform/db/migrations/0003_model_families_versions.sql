CREATE TABLE "ai_model_families" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"latest_version_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "ai_model_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"family_id" uuid NOT NULL,
	"model_id" text NOT NULL,
	"version" text NOT NULL,
	"display_name" text NOT NULL,
	"input_modalities" text[] DEFAULT '{}'::text[] NOT NULL,
	"output_modalities" text[] DEFAULT '{}'::text[] NOT NULL,
	"supports_tool_use" boolean DEFAULT false NOT NULL,
	"supports_streaming" boolean DEFAULT false NOT NULL,
	"supports_structured_output" boolean DEFAULT false NOT NULL,
	"supports_thinking" boolean DEFAULT false NOT NULL,
	"capabilities" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"context_window" integer,
	"max_output_tokens" integer,
	"input_cost_per_1m" integer,
	"output_cost_per_1m" integer,
	"cached_input_cost_per_1m" integer,
	"cache_creation_cost_per_1m" integer,
	"audio_cost_per_1k_minutes" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"released_at" timestamp (3) with time zone,
	"last_listed_at" timestamp (3) with time zone,
	"upstream_deprecated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_model_versions_costs_non_negative" CHECK (coalesce("ai_model_versions"."input_cost_per_1m", 0) >= 0 and coalesce("ai_model_versions"."output_cost_per_1m", 0) >= 0 and coalesce("ai_model_versions"."cached_input_cost_per_1m", 0) >= 0 and coalesce("ai_model_versions"."cache_creation_cost_per_1m", 0) >= 0 and coalesce("ai_model_versions"."audio_cost_per_1k_minutes", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "ai_model_families" ADD CONSTRAINT "ai_model_families_provider_id_ai_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."ai_providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_model_versions" ADD CONSTRAINT "ai_model_versions_family_id_ai_model_families_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."ai_model_families"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_model_families_live_slug_key" ON "ai_model_families" USING btree ("provider_id","slug") WHERE "ai_model_families"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_model_versions_family_version_key" ON "ai_model_versions" USING btree ("family_id","version");--> statement-breakpoint
CREATE INDEX "ai_model_versions_model_id_idx" ON "ai_model_versions" USING btree ("model_id");