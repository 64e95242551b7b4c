/** PostgreSQL SQLSTATE of an error from either driver (drizzle wraps the driver error as `cause`). */
function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';

/** Runs a write and turns a unique violation into the caller's error (a 409 naming what is taken). */
export async function onUniqueViolation<T>(write: () => Promise<T>, conflictError: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflictError();
    throw error;
  }
}

/**
 * Data exceptions (22: a NUL byte, an out-of-range value), integrity violations (23), syntax or access rules
 * (42) and program limits (54: too many bind parameters) fail the same way however often they are retried.
 * Connection loss (08), serialisation failures and deadlocks (40), exhausted resources (53) and operator
 * intervention (57) may pass on a later attempt.
 */
const DETERMINISTIC_SQLSTATE_CLASSES = new Set(['22', '23', '42', '54']);

/** True when retrying the statement that raised `error` cannot succeed: the database refused its data or shape. */
export function isDeterministicDbError(error: unknown): boolean {
  const state = sqlState(error);
  return state !== undefined && DETERMINISTIC_SQLSTATE_CLASSES.has(state.slice(0, 2));
}

/** The first words of a statement: enough to tell which query failed, never its values. */
function statementHead(query: string): string {
  const words = query.trim().split(/\s+/).slice(0, 6).join(' ');
  return words.length > 80 ? `${words.slice(0, 80)}…` : words;
}

/**
 * PostgreSQL quotes names (constraints, types) in its messages, but also the offending input of some data
 * exceptions (`invalid input syntax for type uuid: "…"`): quoted text is cut short so a value cannot ride along.
 */
const shortenQuoted = (message: string) =>
  message.replace(/"([^"]{40})[^"]+"/g, (_quoted, head: string) => `"${head}…"`);

/**
 * A database error as it may be logged or stored: its SQLSTATE, the driver's message and the first words of the
 * failed statement. Drizzle's own message embeds every bind parameter (a whole uploaded file, a user's text),
 * which must never reach a log line or a job row.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) {
    if (typeof error === 'string') return error.slice(0, 500);
    try {
      return (JSON.stringify(error) ?? String(error)).slice(0, 500);
    } catch {
      return String(error).slice(0, 500);
    }
  }
  const query = (error as { query?: unknown }).query;
  if (typeof query === 'string' && error.message.startsWith('Failed query:')) {
    const cause = error.cause instanceof Error ? shortenQuoted(error.cause.message) : 'query failed';
    const state = sqlState(error);
    return `${state ? `[${state}] ` : ''}${cause.slice(0, 300)} (in: ${statementHead(query)})`;
  }
  return (error.message || error.name).slice(0, 500);
}

/** A log-safe stand-in for an error object: its name, the scrubbed message and the stack frames without a message. */
export function loggableError(error: unknown): { type: string; message: string; code?: string; stack?: string } {
  const message = describeError(error);
  if (!(error instanceof Error)) return { type: typeof error, message };
  const frames = error.stack?.split('\n').filter((line) => line.trimStart().startsWith('at ')) ?? [];
  const code = sqlState(error);
  return {
    type: error.name === 'Error' ? error.constructor.name : error.name,
    message,
    ...(code ? { code } : {}),
    ...(frames.length ? { stack: frames.slice(0, 12).join('\n') } : {}),
  };
}
