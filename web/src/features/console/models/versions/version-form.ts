import type { NewVersion, Version, VersionChanges } from '../models-api.ts';

/** The API's bounds and choices (src/modules/catalog/versions.schemas.ts). */
export const VERSION_LIMITS = { modelId: 200, version: 100, displayName: 200, count: 2_147_483_647 } as const;
export const MODALITIES = ['text', 'image', 'audio', 'video', 'embeddings', 'documents'] as const;
export type Modality = (typeof MODALITIES)[number];

export const FLAGS = {
  supportsToolUse: 'Tool use',
  supportsStreaming: 'Streaming',
  supportsStructuredOutput: 'Structured output',
  supportsThinking: 'Thinking',
} as const;
type Flag = keyof typeof FLAGS;

/** Whole numbers, empty for none: token counts, and prices in integer US cents (per 1M tokens; audio per 1,000 min). */
export const NUMBERS = {
  contextWindow: { label: 'Context window (tokens)', api: 'context_window' },
  maxOutputTokens: { label: 'Max output tokens', api: 'max_output_tokens' },
  inputCost: { label: 'Input, cents per 1M tokens', api: 'input_cost_per1m' },
  outputCost: { label: 'Output, cents per 1M tokens', api: 'output_cost_per1m' },
  cachedInputCost: { label: 'Cached input, cents per 1M tokens', api: 'cached_input_cost_per1m' },
  cacheCreationCost: { label: 'Cache creation, cents per 1M tokens', api: 'cache_creation_cost_per1m' },
  audioCost: { label: 'Audio, cents per 1,000 minutes', api: 'audio_cost_per1k_minutes' },
} as const;
export type NumberField = keyof typeof NUMBERS;
export const COSTS: readonly NumberField[] = [
  'inputCost',
  'outputCost',
  'cachedInputCost',
  'cacheCreationCost',
  'audioCost',
];

export type VersionFormValues = {
  modelId: string;
  version: string;
  displayName: string;
  inputModalities: Modality[];
  outputModalities: Modality[];
  /** A JSON object, as typed. */
  capabilities: string;
  isActive: boolean;
  /** A `datetime-local` value (the operator's time), '' for none. */
  releasedAt: string;
} & Record<Flag, boolean> &
  Record<NumberField, string>;

export type VersionFormErrors = Partial<Record<keyof VersionFormValues, string>>;

const numberFields = Object.fromEntries(Object.entries(NUMBERS).map(([key, n]) => [n.api, key]));
export const VERSION_FIELDS = {
  model_id: 'modelId',
  version: 'version',
  display_name: 'displayName',
  input_modalities: 'inputModalities',
  output_modalities: 'outputModalities',
  capabilities: 'capabilities',
  released_at: 'releasedAt',
  ...numberFields,
  // Cost fields as clients spelling snake_case name them.
  input_cost_per_1m: 'inputCost',
  output_cost_per_1m: 'outputCost',
  cached_input_cost_per_1m: 'cachedInputCost',
  cache_creation_cost_per_1m: 'cacheCreationCost',
  audio_cost_per_1k_minutes: 'audioCost',
} as Readonly<Record<string, keyof VersionFormValues>>;
export const VERSION_CODES = { duplicate_version: 'version', model_already_tracked: 'modelId' } as const;

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as a `datetime-local` value in the operator's time zone. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const text = (n: number | null) => (n === null ? '' : String(n));

export function versionFormValues(v?: Version): VersionFormValues {
  return {
    modelId: v?.modelId ?? '',
    version: v?.version ?? '',
    displayName: v?.displayName ?? '',
    inputModalities: (v?.inputModalities ?? ['text']) as Modality[],
    outputModalities: (v?.outputModalities ?? ['text']) as Modality[],
    supportsToolUse: v?.supportsToolUse ?? false,
    supportsStreaming: v?.supportsStreaming ?? false,
    supportsStructuredOutput: v?.supportsStructuredOutput ?? false,
    supportsThinking: v?.supportsThinking ?? false,
    capabilities: JSON.stringify(v?.capabilities ?? {}, null, 2),
    contextWindow: text(v?.contextWindow ?? null),
    maxOutputTokens: text(v?.maxOutputTokens ?? null),
    inputCost: text(v?.inputCostPer1m ?? null),
    outputCost: text(v?.outputCostPer1m ?? null),
    cachedInputCost: text(v?.cachedInputCostPer1m ?? null),
    cacheCreationCost: text(v?.cacheCreationCostPer1m ?? null),
    audioCost: text(v?.audioCostPer1kMinutes ?? null),
    isActive: v?.isActive ?? true,
    releasedAt: localInput(v?.releasedAt ?? null),
  };
}

/** A whole number 0..2^31-1 typed as digits, or null for an empty box; undefined when it is not one. */
export function wholeNumber(value: string): number | null | undefined {
  const s = value.trim();
  if (!s) return null;
  if (!/^\d+$/.test(s)) return undefined;
  const n = Number(s);
  return n <= VERSION_LIMITS.count ? n : undefined;
}

function parseCapabilities(value: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(value.trim() || '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** `creating`: a blank display name is allowed then (the API derives it from the version), not on an edit. */
export function validateVersionForm(values: VersionFormValues, creating: boolean): VersionFormErrors {
  const found: VersionFormErrors = {};
  const required = (key: 'modelId' | 'version', what: string, max: number) => {
    const s = values[key].trim();
    if (!s) found[key] = `Give the ${what}.`;
    else if (s.length > max) found[key] = `At most ${max} characters.`;
  };
  required('modelId', 'vendor model id', VERSION_LIMITS.modelId);
  required('version', 'version', VERSION_LIMITS.version);
  const display = values.displayName.trim();
  if (!display && !creating) found.displayName = 'Give the display name.';
  else if (display.length > VERSION_LIMITS.displayName)
    found.displayName = `At most ${VERSION_LIMITS.displayName} characters.`;
  if (!parseCapabilities(values.capabilities)) found.capabilities = 'Give a JSON object, e.g. {} or {"vision": true}.';
  for (const key of Object.keys(NUMBERS) as NumberField[]) {
    if (wholeNumber(values[key]) === undefined)
      found[key] = `A whole number from 0 to ${VERSION_LIMITS.count}, or empty for none.`;
  }
  if (values.releasedAt && Number.isNaN(new Date(values.releasedAt).getTime()))
    found.releasedAt = 'Give a date and time, or leave it empty.';
  return found;
}

/** Every field of a checked form, as the API names them. */
function apiFields(values: VersionFormValues) {
  const numbers = Object.fromEntries(
    (Object.keys(NUMBERS) as NumberField[]).map((key) => [NUMBERS[key].api, wholeNumber(values[key]) ?? null]),
  ) as Record<(typeof NUMBERS)[NumberField]['api'], number | null>;
  return {
    model_id: values.modelId.trim(),
    version: values.version.trim(),
    display_name: values.displayName.trim(),
    input_modalities: values.inputModalities,
    output_modalities: values.outputModalities,
    supports_tool_use: values.supportsToolUse,
    supports_streaming: values.supportsStreaming,
    supports_structured_output: values.supportsStructuredOutput,
    supports_thinking: values.supportsThinking,
    capabilities: parseCapabilities(values.capabilities) ?? {},
    ...numbers,
    is_active: values.isActive,
    released_at: values.releasedAt ? new Date(values.releasedAt).toISOString() : null,
  };
}

/** A new version of `familyId`; a blank display name is left out for the API to derive. */
export function newVersionBody(familyId: string, values: VersionFormValues): NewVersion {
  const { display_name, ...rest } = apiFields(values);
  return { family_id: familyId, ...rest, ...(display_name ? { display_name } : {}) };
}

/** Only the fields whose box differs from how the form started; an emptied number clears it (null). */
export function versionChanges(initial: VersionFormValues, values: VersionFormValues): VersionChanges {
  const next = apiFields(values);
  const changes: Record<string, unknown> = {};
  const apiKeyOf: Record<string, keyof typeof next> = {
    modelId: 'model_id',
    version: 'version',
    displayName: 'display_name',
    inputModalities: 'input_modalities',
    outputModalities: 'output_modalities',
    supportsToolUse: 'supports_tool_use',
    supportsStreaming: 'supports_streaming',
    supportsStructuredOutput: 'supports_structured_output',
    supportsThinking: 'supports_thinking',
    capabilities: 'capabilities',
    isActive: 'is_active',
    releasedAt: 'released_at',
    ...Object.fromEntries(Object.entries(NUMBERS).map(([key, n]) => [key, n.api])),
  };
  for (const [key, apiKey] of Object.entries(apiKeyOf)) {
    const before = initial[key as keyof VersionFormValues];
    const after = values[key as keyof VersionFormValues];
    const same =
      Array.isArray(before) && Array.isArray(after)
        ? [...before].sort().join() === [...after].sort().join()
        : before === after;
    if (!same) changes[apiKey] = next[apiKey];
  }
  return changes as VersionChanges;
}
