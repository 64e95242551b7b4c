import { type AvailableModel, classifyKind, modalitiesFor, type VendorClient } from './types.ts';
import { getVendorJson, isRecord, joinUrl, vendorError } from './vendor-http.ts';

const MAX_PAGES = 20;

const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);

export function mapGeminiModel(m: Record<string, unknown>): AvailableModel {
  const id = String(m.name).replace(/^models\//, '');
  const methods = Array.isArray(m.supportedGenerationMethods)
    ? m.supportedGenerationMethods.filter((x): x is string => typeof x === 'string')
    : [];
  const kind = classifyKind(id, methods);
  const displayName = typeof m.displayName === 'string' ? m.displayName : id;
  const contextWindow = int(m.inputTokenLimit);
  const maxOutputTokens = int(m.outputTokenLimit);
  return {
    id,
    display_name: displayName,
    kind,
    deprecated: m.deprecated === true || (typeof m.description === 'string' && /\bdeprecated\b/i.test(m.description)),
    owned_by: 'google',
    released_at: null,
    tracked: null,
    fields: {
      modelId: id,
      version: typeof m.version === 'string' ? m.version : id,
      displayName,
      ...modalitiesFor(kind, id),
      ...(methods.includes('streamGenerateContent') ? { supportsStreaming: true } : {}),
      ...(contextWindow !== undefined ? { contextWindow } : {}),
      ...(maxOutputTokens !== undefined ? { maxOutputTokens } : {}),
    },
    vendor: m,
  };
}

/** Gemini `GET {base}/models?key=…`, following `nextPageToken`. */
export const listGemini: VendorClient = async (req) => {
  const rows: Record<string, unknown>[] = [];
  let token: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({ key: req.apiKey, pageSize: '1000' });
    if (token) query.set('pageToken', token);
    const body = await getVendorJson(joinUrl(req.baseUrl, `/models?${query}`), {}, req);
    if (!isRecord(body)) throw vendorError('The vendor answer is not an object');
    // An account with no models answers `{}`.
    const list = body.models ?? [];
    if (!Array.isArray(list)) throw vendorError('The vendor answer has no "models" list');
    rows.push(...list.filter(isRecord));
    if (typeof body.nextPageToken !== 'string' || !body.nextPageToken) break;
    token = body.nextPageToken;
  }
  return rows.filter((m) => typeof m.name === 'string').map(mapGeminiModel);
};
