import { describeError } from '../lib/errors.ts';

/** A failed action's reason, read out as soon as it shows; nothing while there is none. */
export function ErrorAlert({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  return (
    <p role="alert" className="alert">
      {describeError(error)}
    </p>
  );
}
