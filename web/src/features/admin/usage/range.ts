/**
 * Report ranges as the usage API takes them: inclusive calendar days `YYYY-MM-DD` in the organization's time zone,
 * at most 365 days, hourly at most 7 (src/modules/usage/schemas.ts). Dates are plain calendar dates, so the
 * arithmetic runs on UTC midnights and no local clock enters it.
 */
export const MAX_RANGE_DAYS = 365;
export const MAX_HOURLY_DAYS = 7;

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export interface DateRange {
  from: string;
  to: string;
}

export type PresetId = 'last7' | 'last30' | 'thisMonth' | 'lastMonth';

export const PRESETS: readonly { id: PresetId; label: string }[] = [
  { id: 'last7', label: 'Last 7 days' },
  { id: 'last30', label: 'Last 30 days' },
  { id: 'thisMonth', label: 'This month' },
  { id: 'lastMonth', label: 'Last month' },
];

/** A real calendar date from 1970 on (2024-02-30 is not one), as the API accepts. */
export function isDate(value: string): boolean {
  if (!DATE.test(value) || value < '1970-01-01') return false;
  const parsed = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed) && new Date(parsed).toISOString().startsWith(value);
}

export const isMonth = (value: string) => MONTH.test(value) && value >= '1970-01';

export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export const inclusiveDays = ({ from, to }: DateRange) => (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;

/** Today's date on the wall clock of `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The last day of the month `YYYY-MM`. */
function lastDayOf(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNumber, 0)).toISOString().slice(0, 10);
}

/** The month before `YYYY-MM`. */
export const previousMonth = (month: string) => addDays(`${month}-01`, -1).slice(0, 7);

export function presetRange(preset: PresetId, today: string): DateRange {
  const month = today.slice(0, 7);
  switch (preset) {
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: `${month}-01`, to: today };
    case 'lastMonth': {
      const last = previousMonth(month);
      return { from: `${last}-01`, to: lastDayOf(last) };
    }
  }
}

/** The preset that yields exactly `range` today, if any: a shared link keeps its dates and shows as custom later. */
export const presetOf = (range: DateRange, today: string): PresetId | null =>
  PRESETS.find(({ id }) => {
    const candidate = presetRange(id, today);
    return candidate.from === range.from && candidate.to === range.to;
  })?.id ?? null;

export interface RangeProblem {
  /** The field to fix. */
  field: 'from' | 'to';
  message: string;
}

/** Why the API would refuse `range`, in words for the person choosing it; null when it is fine. */
export function rangeProblem(range: DateRange): RangeProblem | null {
  if (!isDate(range.from)) return { field: 'from', message: 'Give the first day as a date from 1970 on.' };
  if (!isDate(range.to)) return { field: 'to', message: 'Give the last day as a date from 1970 on.' };
  const days = inclusiveDays(range);
  if (days < 1) return { field: 'to', message: 'The last day must be on or after the first.' };
  if (days > MAX_RANGE_DAYS) {
    return { field: 'to', message: `A range may span at most ${MAX_RANGE_DAYS} days; this one spans ${days}.` };
  }
  return null;
}

export const hourlyAllowed = (range: DateRange) => inclusiveDays(range) <= MAX_HOURLY_DAYS;

/** The same number of days just before `range`: what the summary compares with. */
export function previousPeriod(range: DateRange): DateRange {
  const days = inclusiveDays(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}
