import { isDeterministicDbError, isUniqueViolation } from '../../../platform/db/errors.ts';
import { ApiError } from '../../../platform/http/errors.ts';

/**
 * Whether a failure ends the run now, and with which error. An ApiError does (a model failure, a step that
 * failed, a limit). So does a value the database refuses (malformed JSON text, a number out of range): storing
 * it again fails the same way, and retrying would hold the thread for minutes; the error says so without
 * repeating the value. null: a transient failure (a lost connection, a deadlock) that a later delivery may get
 * past. A unique violation is left to that later delivery too: in the engine it means another delivery wrote
 * the same row first, and a retry reads it back.
 */
export function runFailure(error: unknown): ApiError | null {
  if (error instanceof ApiError) return error;
  if (isDeterministicDbError(error) && !isUniqueViolation(error)) {
    return new ApiError(500, 'run_failed', 'The database refused to store a value the run produced');
  }
  return null;
}
