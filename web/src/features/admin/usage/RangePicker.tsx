import { type FormEvent, useId, useState } from 'react';
import {
  addDays,
  type DateRange,
  hourlyAllowed,
  isDate,
  MAX_HOURLY_DAYS,
  MAX_RANGE_DAYS,
  PRESETS,
  type PresetId,
  presetOf,
  presetRange,
  rangeProblem,
} from './range.ts';
import styles from './usage.module.css';
import type { Granularity, UsageView } from './view.ts';

type Choice = PresetId | 'custom';

interface RangePickerProps {
  view: UsageView;
  /** The organization's today, in its time zone. */
  today: string;
  timeZone: string;
  onRange: (range: DateRange) => void;
}

/**
 * The period every report covers: a preset applies at once; a custom range is checked as the API checks it (real
 * dates, the last on or after the first, at most 365 days) before it applies; `min` and `max` only guide the date
 * pickers (noValidate: the message is ours, in words). The parent keys it by the range,
 * so a new address starts it afresh.
 */
export function RangePicker({ view, today, timeZone, onRange }: RangePickerProps) {
  const shownPreset = view.problem ? null : presetOf(view.range, today);
  const [choice, setChoice] = useState<Choice>(shownPreset ?? 'custom');
  const [draft, setDraft] = useState<DateRange>(view.range);
  const [problem, setProblem] = useState(view.problem);
  const ids = { choice: useId(), from: useId(), to: useId(), problem: useId(), zone: useId() };

  const choose = (next: Choice) => {
    setChoice(next);
    if (next !== 'custom') onRange(presetRange(next, today));
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(draft);
    setProblem(found);
    if (!found) onRange(draft);
  };
  const invalid = (field: 'from' | 'to') =>
    problem?.field === field ? { 'aria-invalid': true, 'aria-describedby': ids.problem } : {};

  return (
    <form className={styles.rangeForm} onSubmit={apply} aria-label="Period" noValidate>
      <div className="field">
        <label htmlFor={ids.choice}>Period</label>
        <select
          id={ids.choice}
          value={choice}
          aria-describedby={ids.zone}
          onChange={(event) => choose(event.target.value as Choice)}
        >
          {PRESETS.map((preset) => (
            <option key={preset.id} value={preset.id}>
              {preset.label}
            </option>
          ))}
          <option value="custom">Custom range</option>
        </select>
      </div>
      {choice === 'custom' && (
        <>
          <div className="field">
            <label htmlFor={ids.from}>From</label>
            <input
              id={ids.from}
              type="date"
              min="1970-01-01"
              value={draft.from}
              onChange={(event) => setDraft({ ...draft, from: event.target.value })}
              {...invalid('from')}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.to}>To</label>
            <input
              id={ids.to}
              type="date"
              min={isDate(draft.from) ? draft.from : '1970-01-01'}
              max={isDate(draft.from) ? addDays(draft.from, MAX_RANGE_DAYS - 1) : undefined}
              value={draft.to}
              onChange={(event) => setDraft({ ...draft, to: event.target.value })}
              {...invalid('to')}
            />
          </div>
          <button type="submit" className="button button--primary">
            Show
          </button>
        </>
      )}
      {problem && (
        <p id={ids.problem} role="alert" className={styles.problem}>
          {problem.message}
        </p>
      )}
      <p id={ids.zone} className={styles.rangeNote}>
        {view.problem
          ? `Days are in the organization’s time zone, ${timeZone}.`
          : `${view.range.from} to ${view.range.to}, days in the organization’s time zone, ${timeZone}. At most ${MAX_RANGE_DAYS} days.`}
      </p>
    </form>
  );
}

interface GranularityPickerProps {
  range: DateRange;
  value: Granularity;
  onChange: (granularity: Granularity) => void;
}

/** Days or hours for the charts over time; hours only for a range the API allows them for. */
export function GranularityPicker({ range, value, onChange }: GranularityPickerProps) {
  const hintId = useId();
  const allowed = hourlyAllowed(range);
  return (
    <fieldset className={styles.choice} aria-describedby={allowed ? undefined : hintId}>
      <legend>Charts over time</legend>
      <label>
        <input type="radio" name="usage-granularity" checked={value === 'daily'} onChange={() => onChange('daily')} />
        Daily
      </label>
      <label>
        <input
          type="radio"
          name="usage-granularity"
          checked={value === 'hourly'}
          disabled={!allowed}
          onChange={() => onChange('hourly')}
        />
        Hourly
      </label>
      {!allowed && (
        <p id={hintId} className={styles.hint}>
          Hourly needs a range of {MAX_HOURLY_DAYS} days or fewer.
        </p>
      )}
    </fieldset>
  );
}
