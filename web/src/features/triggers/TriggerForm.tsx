import { type FormEvent, useState } from 'react';
import { FormActions } from '../../components/FormActions.tsx';
import { FormField } from '../../components/FormField.tsx';
import { CronPreview } from './CronPreview.tsx';
import styles from './TriggerForm.module.css';
import { SCHEDULE_MAX, TRIGGER_EVENTS, type TriggerFields, type TriggerType } from './triggers-api.ts';

export const TRIGGER_TYPE_LABELS: Record<TriggerType, string> = {
  cron: 'On a schedule',
  event: 'On an event',
  webhook: 'From a webhook',
};

const SCHEDULE_LABELS: Record<TriggerType, { label: string; hint: string }> = {
  cron: { label: 'Cron expression', hint: 'Five fields: minute hour day-of-month month day-of-week.' },
  event: { label: 'Event', hint: 'What happening in the organization starts a run.' },
  webhook: { label: 'Webhook label', hint: 'A name for the system that will call it.' },
};

interface TriggerFormProps {
  /** Fixed for an existing trigger; chosen in the form for a new one. */
  type?: TriggerType;
  initial?: TriggerFields;
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (type: TriggerType, fields: TriggerFields) => void;
}

export function TriggerForm({ type: fixedType, initial, submitLabel, pending, error, onSubmit }: TriggerFormProps) {
  const [type, setType] = useState<TriggerType>(fixedType ?? 'cron');
  const [schedule, setSchedule] = useState(initial?.schedule ?? '');
  const [prompt, setPrompt] = useState(typeof initial?.payload.prompt === 'string' ? initial.payload.prompt : '');
  const [enabled, setEnabled] = useState(initial?.enabled ?? true);
  const [scheduleError, setScheduleError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = schedule.trim();
    const problem = trimmed ? undefined : `Fill in the ${SCHEDULE_LABELS[type].label.toLowerCase()}.`;
    setScheduleError(problem);
    if (problem) return;
    // Other payload keys are kept: the form edits only the prompt.
    const { prompt: _previous, ...kept } = initial?.payload ?? {};
    const payload = prompt.trim() ? { ...kept, prompt: prompt.trim() } : kept;
    onSubmit(type, { schedule: trimmed, payload, enabled });
  };

  const { label, hint } = SCHEDULE_LABELS[type];
  return (
    <form onSubmit={submit} noValidate className="stack">
      {!fixedType && (
        <FormField label="Starts">
          {(control) => (
            <select
              {...control}
              value={type}
              onChange={(e) => {
                setType(e.target.value as TriggerType);
                setSchedule('');
              }}
            >
              {Object.entries(TRIGGER_TYPE_LABELS).map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      <FormField label={label} hint={hint} error={scheduleError}>
        {(control) =>
          type === 'event' ? (
            <select {...control} value={schedule} onChange={(e) => setSchedule(e.target.value)}>
              <option value="">Choose an event</option>
              {TRIGGER_EVENTS.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          ) : (
            <input
              {...control}
              value={schedule}
              maxLength={SCHEDULE_MAX}
              spellCheck={false}
              onChange={(e) => setSchedule(e.target.value)}
            />
          )
        }
      </FormField>
      {type === 'cron' && <CronPreview expression={schedule} />}
      <FormField label="Prompt" hint="Optional: the message each run starts with.">
        {(control) => <textarea {...control} rows={2} value={prompt} onChange={(e) => setPrompt(e.target.value)} />}
      </FormField>
      <label className={styles.checkbox}>
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} /> Enabled
      </label>
      <FormActions error={error} pending={pending} submitLabel={submitLabel} />
    </form>
  );
}
