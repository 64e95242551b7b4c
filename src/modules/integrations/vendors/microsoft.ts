import { statusLine, vendorErrorCode } from '../../../platform/models/errors.ts';
import { MicrosoftError } from './microsoft-error.ts';
import { createMicrosoftHttp, type JsonAnswer, REDIRECTS } from './microsoft-http.ts';
import { createTokenCache, type MicrosoftApp } from './microsoft-token.ts';

/** Microsoft 365 through an app registration: client-credentials tokens and Graph's file search and download. */

export { MicrosoftError, type MicrosoftErrorKind } from './microsoft-error.ts';
export { isClientId, isTenantId } from './microsoft-ids.ts';
export type { MicrosoftApp } from './microsoft-token.ts';

export interface DriveItemHit {
  id: string;
  name: string;
  webUrl: string | null;
  size: number | null;
  /** ISO 8601, as Graph gives `lastModifiedDateTime`. */
  lastModified: string | null;
  driveId: string;
  /** Graph's snippet around the matched terms, as plain text. */
  summary: string | null;
}

export interface DriveFile {
  name: string;
  mimeType: string | null;
  bytes: Buffer;
}

export interface MicrosoftClientOptions {
  /** The identity root (ATRIUM_MS_LOGIN_URL); tokens come from `${loginUrl}/<tenant>/oauth2/v2.0/token`. */
  loginUrl: string;
  /** The Graph root including its version (ATRIUM_MS_GRAPH_URL), e.g. https://graph.microsoft.com/v1.0. */
  graphUrl: string;
  fetch?: typeof fetch;
  /** Per request, reading its body included; a file download is one request. */
  timeoutMs?: number;
  now?: () => number;
}

export interface MicrosoftClient {
  /** A client-credentials token for Graph, cached until 5 minutes before it expires. */
  token(app: MicrosoftApp): Promise<string>;
  /** Forgets the cached token, so the next call takes a new one. */
  forget(app: MicrosoftApp): void;
  /**
   * Files (drive items) matching `query`, at most `size` (1-25). `region` is the tenant's geography (`NAM`,
   * `EUR`, ...): Graph requires it when searching with application permissions, as client credentials do.
   */
  searchFiles(app: MicrosoftApp, query: string, size: number, region: string): Promise<DriveItemHit[]>;
  /** The file's name, type and bytes; refused (kind `refused`) past `maxBytes` without reading further. */
  readFile(app: MicrosoftApp, item: { driveId: string; itemId: string }, maxBytes: number): Promise<DriveFile>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_SEARCH_SIZE = 25;
/** Drive and item ids as Graph mints them (`b!…` drive ids, `01ABC…` or `D46…!123` item ids); they go into paths. */
const GRAPH_ID = /^[A-Za-z0-9!_-]{1,256}$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const stringOr = (v: unknown) => (typeof v === 'string' ? v : null);

export function createMicrosoftClient(options: MicrosoftClientOptions): MicrosoftClient {
  const trim = (url: string) => url.replace(/\/+$/, '');
  const graphUrl = trim(options.graphUrl);
  const http = createMicrosoftHttp(options.fetch ?? fetch, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const tokens = createTokenCache(http, trim(options.loginUrl), options.now ?? Date.now);

  /**
   * A Graph request with the app's token. Graph answering 401 means the token was revoked or expired early: it is
   * forgotten and the request made once more with a new one; a second 401 is the caller's to report.
   */
  async function graph(app: MicrosoftApp, url: string, init: RequestInit): Promise<Response> {
    const attempt = async (token: string) =>
      http.send('Microsoft Graph', url, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
      });
    const token = await tokens.get(app);
    const first = await attempt(token);
    if (first.status !== 401) return first;
    await first.body?.cancel();
    tokens.reject(app, token);
    return attempt(await tokens.get(app));
  }

  async function graphJson(app: MicrosoftApp, url: string, init: RequestInit): Promise<unknown> {
    const answer = await http.json('Microsoft Graph', await graph(app, url, init));
    if (answer.status < 200 || answer.status > 299) throw graphFailure(answer, app.clientSecret);
    if (answer.json === undefined)
      throw new MicrosoftError(
        'invalid_response',
        'Microsoft Graph answered with a body that is not JSON',
        answer.status,
      );
    return answer.json;
  }

  return {
    token: (app) => tokens.get(app),
    forget: (app) => tokens.forget(app),

    async searchFiles(app, query, size, region) {
      if (!Number.isInteger(size) || size < 1 || size > MAX_SEARCH_SIZE)
        throw new RangeError(`size must be an integer from 1 to ${MAX_SEARCH_SIZE}`);
      const body = await graphJson(app, `${graphUrl}/search/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          requests: [{ entityTypes: ['driveItem'], query: { queryString: query }, from: 0, size, region }],
        }),
      });
      if (!isRecord(body) || !Array.isArray(body.value))
        throw new MicrosoftError('invalid_response', 'Microsoft Graph answered a search without results', 200);
      return driveItemHits(body.value).slice(0, size);
    },

    async readFile(app, { driveId, itemId }, maxBytes) {
      if (!GRAPH_ID.test(driveId) || !GRAPH_ID.test(itemId))
        throw new MicrosoftError('refused', 'The drive or item id is not a Microsoft Graph id');
      const itemUrl = `${graphUrl}/drives/${driveId}/items/${itemId}`;
      const item = await graphJson(app, `${itemUrl}?$select=id,name,size,file`, {
        method: 'GET',
        headers: { accept: 'application/json' },
      });
      if (!isRecord(item) || typeof item.name !== 'string')
        throw new MicrosoftError('invalid_response', 'Microsoft Graph answered an item without a name', 200);
      const name = item.name;
      // Folders and packages (OneNote notebooks) have no `file` facet and no content to read.
      if (!isRecord(item.file)) throw new MicrosoftError('refused', `"${name}" is not a file`);
      const tooLarge = () =>
        new MicrosoftError('refused', `"${name}" is larger than the ${maxBytes}-byte limit for reading a file`);
      if (typeof item.size === 'number' && item.size > maxBytes) throw tooLarge();

      const download = await content(app, `${itemUrl}/content`);
      const bytes = await http.read('The file download', download, maxBytes);
      if (bytes === null) throw tooLarge();
      return { name, mimeType: stringOr(item.file.mimeType), bytes };
    },
  };

  /**
   * The content response, ready to read. Graph answers 302 to a short-lived, pre-authenticated download URL on
   * another host (SharePoint): it is fetched without the Authorization header, as the app's token is for Graph only.
   */
  async function content(app: MicrosoftApp, url: string): Promise<Response> {
    const answer = await graph(app, url, { method: 'GET' });
    if (answer.ok) return answer;
    if (!REDIRECTS.has(answer.status)) throw graphFailure(await http.json('Microsoft Graph', answer), app.clientSecret);
    const location = answer.headers.get('location');
    await answer.body?.cancel();
    const target = location !== null && URL.canParse(location, url) ? new URL(location, url) : null;
    if (target === null || (target.protocol !== 'https:' && target.protocol !== 'http:'))
      throw new MicrosoftError(
        'invalid_response',
        'Microsoft Graph redirected the download to an unusable address',
        answer.status,
      );
    const download = await http.send('The file download', target.href, { method: 'GET', redirect: 'follow' });
    if (!download.ok) {
      await download.body?.cancel();
      throw new MicrosoftError(
        'refused',
        `The file download answered ${statusLine(download.status, null)}`,
        download.status,
      );
    }
    return download;
  }
}

/** A Graph refusal: its status line and Graph's error code (`itemNotFound`), never Graph's message. */
function graphFailure(answer: JsonAnswer, secret: string): MicrosoftError {
  const line = statusLine(answer.status, vendorErrorCode(answer.text, [secret]));
  if (answer.status === 401)
    return new MicrosoftError('unauthorized', `Microsoft Graph refused the app's token: ${line}`, 401);
  if (answer.status === 429)
    return new MicrosoftError('rate_limited', `Microsoft Graph is rate limiting: ${line}`, 429);
  // Graph failing is an outage, not a refusal of this request.
  if (answer.status >= 500) return new MicrosoftError('unreachable', `Microsoft Graph failed: ${line}`, answer.status);
  if (answer.status === 403)
    return new MicrosoftError(
      'refused',
      `Microsoft Graph refused the request: ${line}; the app needs the Files.Read.All or Sites.Read.All application permission, with admin consent`,
      403,
    );
  return new MicrosoftError('refused', `Microsoft Graph refused the request: ${line}`, answer.status);
}

/** The drive items among a search response's `value[].hitsContainers[].hits[]`, in Graph's order. */
function driveItemHits(value: unknown[]): DriveItemHit[] {
  const hits: DriveItemHit[] = [];
  for (const response of value.filter(isRecord)) {
    const containers = Array.isArray(response.hitsContainers) ? response.hitsContainers.filter(isRecord) : [];
    // A container with nothing found has no `hits` at all.
    for (const hit of containers.flatMap((c) => (Array.isArray(c.hits) ? c.hits.filter(isRecord) : []))) {
      const item = isRecord(hit.resource) ? hit.resource : {};
      const driveId = isRecord(item.parentReference) ? item.parentReference.driveId : undefined;
      // Only a drive item with its drive can be read afterwards.
      if (
        item['@odata.type'] !== '#microsoft.graph.driveItem' ||
        typeof item.id !== 'string' ||
        typeof item.name !== 'string' ||
        typeof driveId !== 'string'
      )
        continue;
      hits.push({
        id: item.id,
        name: item.name,
        webUrl: stringOr(item.webUrl),
        size: typeof item.size === 'number' ? item.size : null,
        lastModified: stringOr(item.lastModifiedDateTime),
        driveId,
        summary: typeof hit.summary === 'string' ? plainSummary(hit.summary) : null,
      });
    }
  }
  return hits;
}

/** Graph marks matched terms `<c0>…</c0>` and cuts `<ddd/>`; an agent reads the words, not the markup. */
const plainSummary = (summary: string) =>
  summary
    .replace(/<ddd\/>/g, '…')
    .replace(/<\/?c\d+>/g, '')
    .trim();
