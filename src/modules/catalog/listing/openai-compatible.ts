import { type AvailableModel, classifyKind, modalitiesFor, toIso, type VendorClient, versionFromId } from './types.ts';
import { arrayField, getVendorJson, joinUrl } from './vendor-http.ts';

/** Maps one `GET /models` entry (OpenAI and compatible servers) to an available-model row. */
export function mapOpenAiModel(m: Record<string, unknown>): AvailableModel {
  const id = String(m.id);
  const kind = classifyKind(id);
  const displayName = typeof m.display_name === 'string' ? m.display_name : typeof m.name === 'string' ? m.name : id;
  return {
    id,
    display_name: displayName,
    kind,
    deprecated: m.deprecated === true,
    owned_by: typeof m.owned_by === 'string' ? m.owned_by : null,
    released_at: typeof m.created === 'number' ? toIso(m.created * 1000) : null,
    tracked: null,
    fields: {
      modelId: id,
      version: versionFromId(id),
      displayName,
      ...modalitiesFor(kind, id),
      ...(kind === 'chat' ? { supportsStreaming: true } : {}),
    },
    vendor: m,
  };
}

/** OpenAI `GET {base}/models` with a bearer key; any other slug speaks the same protocol. */
export const listOpenAiCompatible: VendorClient = async (req) => {
  const body = await getVendorJson(joinUrl(req.baseUrl, '/models'), { authorization: `Bearer ${req.apiKey}` }, req);
  return arrayField(body, 'data')
    .filter((m) => typeof m.id === 'string')
    .map(mapOpenAiModel);
};
