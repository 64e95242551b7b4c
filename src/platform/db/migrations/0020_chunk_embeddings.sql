ALTER TABLE "project_file_chunks" ADD COLUMN "embedding" real[];--> statement-breakpoint
ALTER TABLE "project_file_chunks" ADD COLUMN "embedding_model_id" uuid;--> statement-breakpoint
CREATE INDEX "project_file_chunks_project_model_idx" ON "project_file_chunks" USING btree ("project_id","embedding_model_id");