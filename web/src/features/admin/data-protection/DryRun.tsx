import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormActions } from '../../../components/FormActions.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { LoadError, Loading } from '../../../components/QueryStatus.tsx';
import { placeApiError } from '../../../lib/field-errors.ts';
import { DryRunProgress, DryRunResult } from './DryRunResult.tsx';
import styles from './data-protection.module.css';
import { DLP_LIMITS } from './dlp-api.ts';
import { useDryRun, useStartDryRun } from './use-dlp.ts';
import type { DraftRules } from './use-draft-rules.ts';

/** The dry run on show lives in the address, so a reload keeps following it (the API lists no dry runs). */
const RUN_PARAM = 'dry_run';
const DAYS = /^\d{1,2}$/;
const DAYS_MESSAGE = `Give a whole number of days from ${DLP_LIMITS.daysMin} to ${DLP_LIMITS.daysMax}.`;

function validDays(value: string): number | null {
  const days = DAYS.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  return days >= DLP_LIMITS.daysMin && days <= DLP_LIMITS.daysMax ? days : null;
}

/** The dry run named in the address: its progress while it runs, then what it found. */
function CurrentRun({ id }: { id: string }) {
  const run = useDryRun(id);
  if (run.isPending) return <Loading label="Loading the dry run…" />;
  if (run.isError) return <LoadError error={run.error} onRetry={() => run.refetch()} />;
  return (
    <>
      <DryRunProgress run={run.data} />
      {run.data.result && <DryRunResult result={run.data.result} />}
    </>
  );
}

/**
 * What the rules would have blocked among the organization's recent user messages: the server scans them in a
 * job, and the page follows its progress every second until it has finished.
 */
export function DryRun({ drafts }: { drafts: DraftRules }) {
  const start = useStartDryRun();
  const [params, setParams] = useSearchParams();
  const runId = params.get(RUN_PARAM);
  const current = useDryRun(runId);
  const [days, setDays] = useState('7');
  const [withDrafts, setWithDrafts] = useState(false);
  const [checked, setChecked] = useState<{ days?: string; drafts?: string }>({});
  const placed = placeApiError(start.error, { days: 'days', rules: 'drafts' } as const);
  const live = current.data?.status === 'queued' || current.data?.status === 'running';
  const draftCount = drafts.rows.length;
  const draftsError = checked.drafts ?? placed.fields.drafts;
  const draftsErrorId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const count = validDays(days);
    const sent = withDrafts ? drafts.check() : { rules: [], keys: [] };
    setChecked({
      days: count === null ? DAYS_MESSAGE : undefined,
      drafts: sent ? undefined : 'Fix the draft rules above first, or leave them out.',
    });
    if (count === null || !sent) return;
    start.mutate(
      { days: count, rules: sent.rules },
      {
        onSuccess: (started) => setParams({ [RUN_PARAM]: started.id }, { replace: true }),
        onError: (error) => drafts.showApiError(error, sent.keys),
      },
    );
  };

  return (
    <section aria-labelledby="dlp-dry-run" className={styles.section}>
      <h2 id="dlp-dry-run">Dry run</h2>
      <p className="muted">
        Check the user messages of the last days against the active rules as they are now, without blocking anything.
        One dry run at a time per organization.
      </p>
      <form onSubmit={submit} noValidate className="stack">
        <FormField
          label="Days"
          hint={`How far back to read, ${DLP_LIMITS.daysMin} to ${DLP_LIMITS.daysMax} days.`}
          error={checked.days ?? placed.fields.days}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={DLP_LIMITS.daysMin}
              max={DLP_LIMITS.daysMax}
              step={1}
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
          )}
        </FormField>
        <div className="field">
          <label className={styles.option}>
            <input
              type="checkbox"
              checked={withDrafts}
              disabled={draftCount === 0}
              aria-invalid={Boolean(draftsError)}
              aria-describedby={draftsError ? draftsErrorId : undefined}
              onChange={(e) => setWithDrafts(e.target.checked)}
            />
            Include my draft rules ({draftCount})
          </label>
          {draftsError && (
            <p id={draftsErrorId} className={styles.fieldError}>
              {draftsError}
            </p>
          )}
        </div>
        <FormActions error={placed.form} pending={start.isPending || live} submitLabel="Start the dry run" />
      </form>
      {runId && <CurrentRun id={runId} />}
    </section>
  );
}
