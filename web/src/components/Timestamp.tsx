const FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A timestamp as people read it, with the exact instant for machines and on hover. */
export function Timestamp({ value }: { value: string }) {
  const date = new Date(value);
  return (
    <time dateTime={value} title={date.toISOString()}>
      {FORMAT.format(date)}
    </time>
  );
}
