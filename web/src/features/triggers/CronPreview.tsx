import { nextCronTimes } from './cron-preview.ts';
import { useOrganizationTimeZone } from './use-triggers.ts';

/** The next five fire times of a cron expression, counted in the organization's time zone in the browser. */
export function CronPreview({ expression }: { expression: string }) {
  const timeZone = useOrganizationTimeZone();
  if (!expression.trim() || timeZone.isPending) return null;
  if (!timeZone.data) {
    return <p className="muted">Times follow the organization’s time zone; the next one shows once saved.</p>;
  }
  const times = nextCronTimes(expression, timeZone.data, new Date());
  const format = new Intl.DateTimeFormat(undefined, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: timeZone.data,
  });
  if (!times) return <p className="muted">No preview for this expression; the server checks it when you save.</p>;
  return (
    <div>
      <p className="muted">Next times, in the organization’s time zone ({timeZone.data}):</p>
      <ol aria-label="Next fire times">
        {times.map((time) => (
          <li key={time.toISOString()}>
            <time dateTime={time.toISOString()}>{format.format(time)}</time>
          </li>
        ))}
      </ol>
    </div>
  );
}
