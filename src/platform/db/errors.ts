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
