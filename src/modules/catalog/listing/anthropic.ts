import { type AvailableModel, classifyKind, modalitiesFor, toIso, type VendorClient, versionFromId } from './types.ts';
import { arrayField, getVendorJson, isRecord, joinUrl } from './vendor-http.ts';

export const ANTHROPIC_VERSION = '2023-06-01';
const MAX_PAGES = 20;

export function mapAnthropicModel(m: Record<string, unknown>): AvailableModel {
  const id = String(m.id);
  const kind = classifyKind(id);
  const displayName = typeof m.display_name === 'string' ? m.display_name : id;
  return {
    id,
    display_name: displayName,
    kind,
    deprecated: m.deprecated === true,
    owned_by: 'anthropic',
    released_at: toIso(m.created_at),
    tracked: null,
    fields: {
      modelId: id,
      version: versionFromId(id),
      displayName,
      ...(kind === 'chat'
        ? {
            inputModalities: ['text', 'image'],
            outputModalities: ['text'],
            supportsToolUse: true,
            supportsStreaming: true,
          }
        : modalitiesFor(kind, id)),
    },
    vendor: m,
  };
}

/** Anthropic `GET {base}/models`, following `has_more`/`last_id` pages. */
export const listAnthropic: VendorClient = async (req) => {
  const rows: Record<string, unknown>[] = [];
  let after: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({ limit: '1000' });
    if (after) query.set('after_id', after);
    const headers = { 'x-api-key': req.apiKey, 'anthropic-version': ANTHROPIC_VERSION };
    const body = await getVendorJson(joinUrl(req.baseUrl, `/models?${query}`), headers, req);
    rows.push(...arrayField(body, 'data'));
    if (!isRecord(body) || body.has_more !== true || typeof body.last_id !== 'string') break;
    after = body.last_id;
  }
  return rows.filter((m) => typeof m.id === 'string').map(mapAnthropicModel);
};
