import { fetchFailureReason } from './fetch-failure.ts';
import { MicrosoftError } from './microsoft-error.ts';
import { ANSWER_LIMIT_BYTES, readLimited } from './read-limited.ts';

/** Who answered, as the messages name it. */
export type MicrosoftParty = 'Microsoft identity' | 'Microsoft Graph' | 'The file download';

export interface JsonAnswer {
  status: number;
  /** The raw body, for the error code of a refusal. */
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
}

export const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * The transport under the Microsoft client: each request has its own timeout (which covers reading its body) and
 * follows no redirect unless asked, so a token or secret is never carried to an address it was not sent to.
 */
export function createMicrosoftHttp(fetchFn: typeof fetch, timeoutMs: number) {
  const unreachable = (party: MicrosoftParty, error: unknown) =>
    new MicrosoftError('unreachable', `${party} could not be reached (${fetchFailureReason(error, timeoutMs)})`);

  async function send(party: MicrosoftParty, url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchFn(url, { redirect: 'manual', ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw unreachable(party, error);
    }
  }

  async function read(party: MicrosoftParty, response: Response, maxBytes: number): Promise<Buffer | null> {
    try {
      return await readLimited(response, maxBytes);
    } catch (error) {
      throw unreachable(party, error);
    }
  }

  /** The answer of a JSON call. A redirect is refused: identity and Graph answer their API calls directly. */
  async function json(party: MicrosoftParty, response: Response): Promise<JsonAnswer> {
    if (REDIRECTS.has(response.status)) {
      await response.body?.cancel();
      throw new MicrosoftError(
        'unreachable',
        `${party} answered with a redirect, which is not followed with the app's credentials`,
        response.status,
      );
    }
    const body = await read(party, response, ANSWER_LIMIT_BYTES);
    if (body === null)
      throw new MicrosoftError('invalid_response', `${party} answered more than 1 MiB`, response.status);
    const text = body.toString('utf8');
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, text, json: parsed };
  }

  return { send, read, json };
}

export type MicrosoftHttp = ReturnType<typeof createMicrosoftHttp>;
