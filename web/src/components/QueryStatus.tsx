import type { ReactNode } from 'react';
import { describeError } from '../lib/errors.ts';

/** What a list or page shows while its data loads. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" className="muted">
      {label}
    </p>
  );
}

/** A failed load, said plainly, with a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div role="alert" className="alert">
      <p>{describeError(error)}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** The whole window while the app itself loads: the first page's code, the session check. */
export function BootScreen({ children = <Loading /> }: { children?: ReactNode }) {
  return <main className="boot">{children}</main>;
}
