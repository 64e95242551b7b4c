ALTER TABLE "project_files" DROP CONSTRAINT "project_files_uploaded_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "projects" DROP CONSTRAINT "projects_created_by_users_id_fk";
--> statement-breakpoint
DROP INDEX "project_members_user_idx";--> statement-breakpoint
ALTER TABLE "project_members" DROP CONSTRAINT "project_members_project_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "project_members" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "project_members" ADD COLUMN "service_account_id" uuid;--> statement-breakpoint
ALTER TABLE "project_members" ADD COLUMN "member_id" uuid GENERATED ALWAYS AS (coalesce(user_id, service_account_id)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_project_id_member_id_pk" PRIMARY KEY("project_id","member_id");--> statement-breakpoint
ALTER TABLE "project_members" ADD COLUMN "added_by_service_account_id" uuid;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_service_account_id_service_accounts_id_fk" FOREIGN KEY ("service_account_id") REFERENCES "public"."service_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_added_by_service_account_id_service_accounts_id_fk" FOREIGN KEY ("added_by_service_account_id") REFERENCES "public"."service_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_members_member_idx" ON "project_members" USING btree ("member_id","project_id");--> statement-breakpoint
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_one_principal" CHECK (num_nonnulls("project_members"."user_id", "project_members"."service_account_id") = 1);