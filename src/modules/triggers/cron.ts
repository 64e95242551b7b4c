import { Cron } from 'croner';

/**
 * Cron schedules: exactly five fields (minute hour day-of-month month day-of-week), read in the organization's
 * timezone. Nicknames (`@daily`) and seconds or years fields are refused: the spec names 5-field expressions.
 */
export function cronProblem(schedule: string): string | null {
  const fields = schedule.trim().split(/\s+/);
  if (fields.length !== 5) return `schedule must be a 5-field cron expression, got ${fields.length} field(s)`;
  try {
    new Cron(schedule, { mode: '5-part', paused: true });
    return null;
  } catch (error) {
    return `schedule is not a valid cron expression: ${(error as Error).message.replace(/^CronPattern: /, '')}`;
  }
}

/** An organization's timezone when the runtime knows it, UTC otherwise (never a failure at fire time). */
export function usableTimezone(timezone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return timezone;
  } catch {
    return 'UTC';
  }
}

const cronOf = (schedule: string, timezone: string) =>
  new Cron(schedule.trim(), { mode: '5-part', paused: true, timezone: usableTimezone(timezone) });

/** The first due time strictly after `after`, or null when the expression never matches again. */
export function nextCronFire(schedule: string, timezone: string, after: Date): Date | null {
  return cronOf(schedule, timezone).nextRun(after);
}

/** The latest due time at or before `at` (a fire missed while no scheduler ran), or null. */
export function latestCronFire(schedule: string, timezone: string, at: Date): Date | null {
  return cronOf(schedule, timezone).previousRuns(1, new Date(at.getTime() + 1))[0] ?? null;
}
