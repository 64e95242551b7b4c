/**
 * The next fire times of a 5-field cron expression (minute hour day-of-month month day-of-week) in a time zone,
 * for the trigger form's preview. The server decides the real schedule (croner, 5-part mode); this reads the
 * same syntax people write: `*`, `?`, numbers, `a-b`, steps (`/n` after `*`, a range or a start), lists, month and weekday
 * names, 7 for Sunday; when both day fields are restricted a day matching either fires (as croner's default).
 * Anything else (`L`, `W`, `#`) has no preview: null.
 */

interface Field {
  min: number;
  max: number;
  names?: readonly string[];
}

const FIELDS: Field[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] },
  { min: 0, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
];

const DAY_MS = 86_400_000;
/** Far enough for any date that exists (29 February comes back within 8 years). */
const SEARCH_DAYS = 366 * 8 + 2;

function parseValue(text: string, field: Field): number {
  const named = field.names?.indexOf(text.toUpperCase()) ?? -1;
  const value = named >= 0 ? named + field.min : /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= field.min && value <= field.max)) throw new Error(`bad value ${text}`);
  return value;
}

/** The values one field allows, or null for an unrestricted `*` / `?`. */
function parseField(text: string, field: Field): Set<number> | null {
  if (text === '*' || text === '?') return null;
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const [range = '', stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) throw new Error(`bad step ${part}`);
    const [from, to] =
      range === '*'
        ? [field.min, field.max]
        : range.includes('-')
          ? (range.split('-').map((bound) => parseValue(bound, field)) as [number, number])
          : [parseValue(range, field), stepText === undefined ? parseValue(range, field) : field.max];
    if (from > to) throw new Error(`bad range ${part}`);
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

/** Wall-clock fields of `instant` in `timeZone`. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: making one costs far more than using it, and a preview uses it thousands of times. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClock(instant: number, timeZone: string) {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

/** The instant showing this wall-clock time in `timeZone`, or null inside a daylight-saving gap. */
function instantOf(year: number, month: number, day: number, hour: number, minute: number, timeZone: string) {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const offsetAt = (instant: number) => {
    const w = wallClock(instant, timeZone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(instant / 60_000) * 60_000;
  };
  let instant = asUtc - offsetAt(asUtc);
  instant = asUtc - offsetAt(instant);
  const shown = wallClock(instant, timeZone);
  return shown.day === day && shown.hour === hour && shown.minute === minute ? instant : null;
}

export function nextCronTimes(expression: string, timeZone: string, after: Date, count = 5): Date[] | null {
  const texts = expression.trim().split(/\s+/);
  if (texts.length !== 5) return null;
  let sets: (Set<number> | null)[];
  try {
    sets = texts.map((text, i) => parseField(text, FIELDS[i]!));
  } catch {
    return null;
  }
  const [minutes = null, hours = null, days = null, months = null, weekdays = null] = sets;
  if (weekdays?.has(7)) weekdays.add(0);
  const dayMatches = (date: Date) => {
    const byDate = !days || days.has(date.getUTCDate());
    const byWeekday = !weekdays || weekdays.has(date.getUTCDay());
    return days && weekdays ? byDate || byWeekday : byDate && byWeekday;
  };
  const listOf = (set: Set<number> | null, max: number) =>
    set ? [...set].sort((a, b) => a - b) : Array.from({ length: max + 1 }, (_, i) => i);

  const start = wallClock(after.getTime(), timeZone);
  const firstDay = Date.UTC(start.year, start.month - 1, start.day);
  const found: Date[] = [];
  for (let i = 0; i < SEARCH_DAYS; i++) {
    const date = new Date(firstDay + i * DAY_MS);
    if ((months && !months.has(date.getUTCMonth() + 1)) || !dayMatches(date)) continue;
    for (const hour of listOf(hours, 23)) {
      for (const minute of listOf(minutes, 59)) {
        const y = date.getUTCFullYear();
        const instant = instantOf(y, date.getUTCMonth() + 1, date.getUTCDate(), hour, minute, timeZone);
        if (instant !== null && instant > after.getTime()) found.push(new Date(instant));
        if (found.length === count) return found;
      }
    }
  }
  return found;
}
