import { LoadError } from '../../../../components/QueryStatus.tsx';
import { isApiError } from '../../../../lib/errors.ts';

/**
 * A failed read of service accounts. The API lets only developers manage them, admins included, so a refusal
 * says how to get that access (another admin turns it on: nobody changes their own user here).
 */
export function DeveloperOnly({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (!isApiError(error, 403)) return <LoadError error={error} onRetry={onRetry} />;
  return (
    <div className="stack">
      <LoadError error={error} />
      <p>Service accounts and their keys need developer access. Ask another admin to make you a developer.</p>
    </div>
  );
}
