-- Wakes the job lanes of other processes: one notification per inserting statement, sent at commit, naming the
-- distinct kinds it made due (a job deferred past the next second is left to the lanes' poll).
CREATE OR REPLACE FUNCTION "atrium_jobs_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	due_kinds text;
BEGIN
	SELECT string_agg(DISTINCT kind, ',') INTO due_kinds FROM inserted_jobs
		WHERE run_after <= clock_timestamp() + interval '1 second';
	IF due_kinds IS NOT NULL THEN
		PERFORM pg_notify('atrium_jobs', due_kinds);
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "jobs_notify" AFTER INSERT ON "jobs" REFERENCING NEW TABLE AS inserted_jobs
	FOR EACH STATEMENT EXECUTE FUNCTION "atrium_jobs_notify"();
