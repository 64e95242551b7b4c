import { createHash } from 'node:crypto';
import { scrub, statusLine } from '../../../platform/models/errors.ts';
import { MicrosoftError } from './microsoft-error.ts';
import type { MicrosoftHttp } from './microsoft-http.ts';
import { isClientId, isTenantId } from './microsoft-ids.ts';

/** An app registration's client credentials; `clientSecret` is the opened secret, alive only for the call. */
export interface MicrosoftApp {
  tenantId: string;
  clientId: string;
  clientSecret: string;
}

/** Tokens are taken again this long before Microsoft says they expire, so none expires mid-call. */
const REFRESH_MARGIN_MS = 5 * 60_000;
const GRAPH_SCOPE = 'https://graph.microsoft.com/.default';

interface Entry {
  token: Promise<string>;
  /** Set once the token arrived. */
  value?: string;
  /** When a new token is taken instead; infinite while the request is in flight. */
  refreshAt: number;
}

/**
 * Client-credentials tokens, cached per tenant, client and secret (a digest, so the cache holds no secret and a
 * rotated secret gets its own token). Concurrent callers share one token request; a failed request is not kept.
 */
export function createTokenCache(http: MicrosoftHttp, loginUrl: string, now: () => number) {
  const entries = new Map<string, Entry>();

  const keyOf = (app: MicrosoftApp) =>
    [
      app.tenantId.toLowerCase(),
      app.clientId.toLowerCase(),
      createHash('sha256').update(app.clientSecret).digest('base64url'),
    ].join('\n');

  /** Entries past their time, e.g. of secrets since rotated, would otherwise stay for the process's life. */
  function dropStale() {
    const at = now();
    for (const [key, entry] of entries) if (entry.refreshAt <= at) entries.delete(key);
  }

  function get(app: MicrosoftApp): Promise<string> {
    const key = keyOf(app);
    const cached = entries.get(key);
    if (cached && now() < cached.refreshAt) return cached.token;
    dropStale();
    const entry: Entry = { token: Promise.resolve(''), refreshAt: Number.POSITIVE_INFINITY };
    entry.token = requestToken(http, loginUrl, app).then(
      ({ accessToken, expiresInSeconds }) => {
        entry.value = accessToken;
        entry.refreshAt = now() + expiresInSeconds * 1000 - REFRESH_MARGIN_MS;
        return accessToken;
      },
      (error: unknown) => {
        if (entries.get(key) === entry) entries.delete(key);
        throw error;
      },
    );
    entries.set(key, entry);
    return entry.token;
  }

  return {
    get,
    forget(app: MicrosoftApp) {
      entries.delete(keyOf(app));
    },
    /**
     * After Graph refused `rejected`: forgets it unless a newer token already replaced it, so callers refused at
     * the same time share one new token instead of each taking (and throwing away) another.
     */
    reject(app: MicrosoftApp, rejected: string) {
      const key = keyOf(app);
      if (entries.get(key)?.value === rejected) entries.delete(key);
    },
  };
}

async function requestToken(
  http: MicrosoftHttp,
  loginUrl: string,
  app: MicrosoftApp,
): Promise<{ accessToken: string; expiresInSeconds: number }> {
  if (!isTenantId(app.tenantId))
    throw new MicrosoftError('unauthorized', 'The tenant id is neither a directory id (GUID) nor a domain name');
  if (!isClientId(app.clientId))
    throw new MicrosoftError('unauthorized', 'The client id is not an application id (GUID)');
  const response = await http.send('Microsoft identity', `${loginUrl}/${app.tenantId}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: app.clientId,
      client_secret: app.clientSecret,
      scope: GRAPH_SCOPE,
    }).toString(),
  });
  const answer = await http.json('Microsoft identity', response);
  const body = record(answer.json);
  if (answer.status === 200) {
    // The v2.0 endpoint answers a number; older deployments answered a numeric string.
    const expiresIn = Number(body.expires_in);
    if (typeof body.access_token !== 'string' || body.access_token === '' || !(expiresIn > 0))
      throw new MicrosoftError('invalid_response', 'Microsoft identity answered without an access token', 200);
    return { accessToken: body.access_token, expiresInSeconds: expiresIn };
  }
  if ((answer.status === 400 || answer.status === 401) && typeof body.error === 'string')
    throw new MicrosoftError(
      'unauthorized',
      `Microsoft identity refused the app: ${aadstsSummary(body, app.clientSecret)}`,
      answer.status,
    );
  if (answer.status === 429)
    throw new MicrosoftError('rate_limited', `Microsoft identity is rate limiting: ${statusLine(429, null)}`, 429);
  // The identity platform failing is an outage, not a refusal of the app.
  const kind = answer.status >= 500 ? 'unreachable' : 'refused';
  throw new MicrosoftError(kind, `Microsoft identity answered ${statusLine(answer.status, null)}`, answer.status);
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * `AADSTS7000215 (invalid_client): Invalid client secret provided.`: the AADSTS code, the OAuth error and the
 * description's first sentence, which says what is wrong. The rest of the description (trace and correlation ids,
 * timestamps, advice) is dropped, and what is kept is scrubbed of the secret.
 */
function aadstsSummary(body: Record<string, unknown>, secret: string): string {
  const error = typeof body.error === 'string' && /^[a-z_]{1,64}$/.test(body.error) ? body.error : 'error';
  const description = typeof body.error_description === 'string' ? body.error_description : '';
  const codes = Array.isArray(body.error_codes) ? body.error_codes : [];
  const code = typeof codes[0] === 'number' ? `AADSTS${codes[0]}` : (/^AADSTS\d{1,10}/.exec(description)?.[0] ?? null);
  const sentence = /^AADSTS\d{1,10}: (.+?\.)(?:\s|$)/.exec(description)?.[1];
  const said = sentence ? ` ${scrub(sentence, [secret])}` : '';
  return `${code ? `${code} (${error})` : error}:${said}`.replace(/:$/, '');
}
