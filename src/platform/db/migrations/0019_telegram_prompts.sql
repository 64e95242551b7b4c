CREATE TABLE "telegram_prompts" (
	"act_id" uuid NOT NULL,
	"link_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"message_id" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_prompts_act_id_link_id_pk" PRIMARY KEY("act_id","link_id")
);
--> statement-breakpoint
ALTER TABLE "telegram_prompts" ADD CONSTRAINT "telegram_prompts_link_id_telegram_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."telegram_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_prompts" ADD CONSTRAINT "telegram_prompts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telegram_prompts_message_idx" ON "telegram_prompts" USING btree ("link_id","message_id");