/**
 * Why a vendor request got no answer, in words safe to show: the timeout, or the system error code of the
 * connection failure (`ECONNREFUSED`). Never the error's own message or cause, which can quote the URL, and a
 * Telegram URL carries the bot token.
 */
export function fetchFailureReason(error: unknown, timeoutMs: number): string {
  const named = error as { name?: unknown; code?: unknown; cause?: { code?: unknown } } | null;
  if (named?.name === 'TimeoutError' || named?.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const code = named?.cause?.code ?? named?.code;
  return typeof code === 'string' && /^[A-Z][A-Z0-9_]*$/.test(code) ? code : 'connection failed';
}
