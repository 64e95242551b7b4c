-- The usage reports read a range of one organization's events by time; with the columns they sum (and the two
-- that timeseries-by groups on) in the index, they are index-only scans instead of reading every event's row.
-- Drizzle's schema cannot say INCLUDE, so the index keeps its name and key there and is rebuilt here.
DROP INDEX IF EXISTS "usage_events_org_time_idx";--> statement-breakpoint
CREATE INDEX "usage_events_org_time_idx" ON "usage_events" USING btree ("organization_id","occurred_at")
  INCLUDE ("cost_micro_cents","input_tokens","output_tokens","cached_input_tokens","user_id","department_id");
