import type { ModelMessage } from 'ai';
import type { z } from 'zod';
import type { Executor } from '../db/client.ts';
import type { StatementPart } from '../db/statement-parts.ts';
import { MAX_VENDOR_RESPONSE_BYTES } from './vendor-fetch.ts';

/** The capability (`text`, `image`, `audio`, `embeddings`) or activity (`thinking`) an organization selects for. */
export type ModelSelectionKey = 'text' | 'image' | 'audio' | 'embeddings' | 'thinking';

/** Who a model call is for: attribution of its usage event. Only `organizationId` is required. */
export interface ModelCallContext {
  organizationId: string;
  userId?: string | null;
  agentId?: string | null;
  departmentId?: string | null;
  integrationId?: string | null;
  channel?: string | null;
  runId?: string | null;
}

/** Where a resolved model came from (the resolution order of DESIGN.md "Model resolution"). */
export type ModelSource = 'agent' | 'organization' | 'platform' | 'offline';

/** An active catalog version, ready to call. Carries no secret: the provider's key is read and opened per call. */
export interface ResolvedModel {
  versionId: string;
  /** The vendor's model id (what the vendor API is called with). */
  modelId: string;
  displayName: string;
  providerId: string;
  providerSlug: string;
  providerName: string;
  supportsToolUse: boolean;
  supportsStructuredOutput: boolean;
  /** What the version reads: `text`, `image`, … (an image attachment reaches it as an image only with `image`). */
  inputModalities: string[];
  /** What the version makes: `text`, `image`, … (the create_image tool calls only a version with `image`). */
  outputModalities: string[];
  /** The built-in offline model (no vendor, no key, no network). */
  offline: boolean;
  /** Prices in integer cents per 1M tokens; null counts as 0 (cached input and cache writes fall back to input). */
  inputCostPer1m: number | null;
  outputCostPer1m: number | null;
  cachedInputCostPer1m: number | null;
  cacheCreationCostPer1m: number | null;
  contextWindow: number | null;
  maxOutputTokens: number | null;
  source: ModelSource;
}

/** A usable catalog version as the catalog hands it to the gateway: a ResolvedModel but for its origin. */
export type CatalogModelVersion = Omit<ResolvedModel, 'offline' | 'source'>;

/** Where and with what key a provider is called: its own base_url (null: the vendor's default) and sealed key. */
export interface ProviderConnection {
  baseUrl: string | null;
  apiKeySealed: string | null;
}

/**
 * The catalog's answers the gateway resolves and connects with, handed over at composition (the catalog module
 * owns the tables and the rule of which versions are usable: an active version of an active, live family of a
 * live provider). Each read runs on the handle it is given, so a resolution can read inside a transaction.
 */
export interface ModelCatalog {
  /** The usable version with this id; null when there is none or it is not usable. */
  usableVersionById(db: Executor, versionId: string): Promise<CatalogModelVersion | null>;
  /** The usable version tracking this vendor model id (a provider with a key first, then the oldest version). */
  usableVersionByModelId(db: Executor, modelId: string): Promise<CatalogModelVersion | null>;
  /**
   * The organization's usable selection for `key`, else the system organization's (`fromOrganization` says
   * which); a selection whose version is no longer usable is passed over.
   */
  selectedVersion(
    db: Executor,
    organizationId: string,
    key: ModelSelectionKey,
  ): Promise<(CatalogModelVersion & { fromOrganization: boolean }) | null>;
  /** Address and sealed key of a live provider; null when it is deleted. */
  providerConnection(db: Executor, providerId: string): Promise<ProviderConnection | null>;
}

/** A tool offered to the model; the gateway never executes it. */
export interface ToolDefinition {
  name: string;
  description: string;
  /** JSON Schema of the tool's input (an object schema). */
  inputSchema: Record<string, unknown>;
}

/**
 * Tokens of one call. `inputTokens` is every input token, cached ones included; `cachedInputTokens` is the part
 * read from the vendor's prompt cache and `cacheWriteInputTokens` the part written to it (Anthropic), each
 * charged at its own price.
 */
export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  cacheWriteInputTokens?: number;
}

export type ModelStreamEvent =
  | { type: 'text-delta'; text: string }
  | { type: 'reasoning-delta'; text: string }
  /** `input` is the parsed JSON arguments; arguments that are not JSON arrive as the raw string. */
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown };

export interface ModelToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

export interface ModelRoundRequest {
  model: ResolvedModel;
  system?: string;
  messages: ModelMessage[];
  /** Offered only when the model supports tool use; tool calls come back, they are not executed. */
  tools?: ToolDefinition[];
  signal?: AbortSignal;
  maxOutputTokens?: number;
}

export interface ModelRoundResult {
  text: string;
  reasoning: string;
  toolCalls: ModelToolCall[];
  /** stop | length | content-filter | tool-calls | error | other */
  finishReason: string;
  usage: ModelUsage;
  costMicroCents: bigint;
}

export interface GenerateObjectRequest<T> {
  model: ResolvedModel;
  system?: string;
  messages: ModelMessage[];
  schema: z.ZodType<T>;
  signal?: AbortSignal;
}

export interface EmbedRequest {
  model: ResolvedModel;
  /** At most EMBED_BATCH_SIZE texts per call. */
  texts: string[];
  signal?: AbortSignal;
}

/** Texts per embeddings call: under every vendor's per-request input limit (OpenAI's is 2,048). */
export const EMBED_BATCH_SIZE = 64;

/** The image sizes create_image offers (what OpenAI's image models accept between them). */
export const IMAGE_SIZES = [
  '1024x1024',
  '1536x1024',
  '1024x1536',
  '1792x1024',
  '1024x1792',
  '512x512',
  '256x256',
] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

export interface GenerateImageRequest {
  model: ResolvedModel;
  prompt: string;
  /** Absent: the vendor's default size. */
  size?: ImageSize;
  signal?: AbortSignal;
  /** Where the provider's address and key are read: pass a transaction the caller holds (PGlite has one connection). */
  db?: Executor;
}

/** One generated image: its bytes, their type told by their first bytes, and the tokens the vendor reported. */
export interface GeneratedImage {
  bytes: Uint8Array;
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp';
  usage: ModelUsage;
  costMicroCents: bigint;
}

export interface ModelGateway {
  /**
   * agent model (version id or vendor modelId of an ACTIVE version) → the organization's selection for `key`
   * (default 'text') → the platform default (the system organization's selection, else the offline model).
   * An agent model that names no active version is 422 `invalid_model`. Pass `db` to read inside a transaction.
   */
  resolve(
    ctx: ModelCallContext,
    opts?: { agentModel?: string | null; key?: ModelSelectionKey },
    db?: Executor,
  ): Promise<ResolvedModel>;
  /** The organization's embeddings selection (else the platform's), or null when there is none. */
  embedder(organizationId: string, db?: Executor): Promise<ResolvedModel | null>;
  /**
   * One model round, streaming: `onEvent` per delta and tool call; tools are offered, never executed. Writes
   * nothing (reads the provider's address and key on the gateway's own handle: never call it inside an open
   * transaction on PGlite). Vendor failures are 502 `model_error`; an abort rejects with the signal's reason.
   */
  streamRound(
    req: ModelRoundRequest,
    onEvent?: (e: ModelStreamEvent) => void | Promise<void>,
  ): Promise<ModelRoundResult>;
  /** Structured output validated against a Zod schema (502 `model_error` when the model's JSON does not fit). */
  generateObject<T>(req: GenerateObjectRequest<T>): Promise<{ object: T; usage: ModelUsage; costMicroCents: bigint }>;
  /** One vector per text, in order, unit length (cosine similarity is their dot product); retried like any call. */
  embed(req: EmbedRequest): Promise<{ embeddings: number[][]; usage: ModelUsage; costMicroCents: bigint }>;
  /**
   * One image through the vendor's OpenAI-style images endpoint (`POST {base_url}/images/generations`), retried
   * like any call; 502 `model_error` when it fails, the offline model or Anthropic included (they make no
   * images), or when the answer is not one PNG, JPEG or WebP image.
   */
  generateImage(req: GenerateImageRequest): Promise<GeneratedImage>;
  /**
   * Writes one usage_events row and what the `onUsageRecorded` hook adds to it (the wallet's debit), as one
   * statement: atomic with or without a transaction around it; returns id and cost.
   */
  recordUsage(
    ex: Executor,
    ctx: ModelCallContext,
    model: ResolvedModel,
    usage: ModelUsage,
  ): Promise<{ id: string; costMicroCents: bigint }>;
  /** The same writes as parts, for a writer that sends them inside its own statement (a run's end). */
  usageParts(
    ex: Executor,
    ctx: ModelCallContext,
    model: ResolvedModel,
    usage: ModelUsage,
  ): { id: string; costMicroCents: bigint; parts: StatementPart[] };
}

/** A usage event being written, handed to `onUsageRecorded` for the writes that go with it. */
export interface RecordedUsage {
  organizationId: string;
  usageEventId: string;
  costMicroCents: bigint;
}

/**
 * What a module writes with every usage event, in the event's own statement (the billing module debits the
 * wallet): a failure rolls the event back with it. The event's row is the part named `usage_event`.
 */
export type UsageRecordedHook = (usage: RecordedUsage) => StatementPart[];

/** Structured log sink (pino-compatible subset); the gateway never passes it a key, a body or a prompt. */
export interface ModelLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface ModelGatewayConfig {
  /** Longest silence allowed from a vendor: waiting for the response, or between two stream parts. */
  idleTimeoutMs: number;
  /** Longest a single attempt may take in all. */
  totalTimeoutMs: number;
  /** Attempts per call, the first included; retries happen only before any output reached the caller. */
  maxAttempts: number;
  /** Backoff before attempt n+1: baseDelayMs * 2^(n-1), capped at maxDelayMs, jittered to [0.5x, 1x]. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** The offline model's pause between deltas (tests); 0 in production. */
  offlineDeltaDelayMs: number;
  /** The most one vendor answer may hold (vendor-fetch.ts MAX_VENDOR_RESPONSE_BYTES; tests lower it). */
  maxResponseBytes: number;
}

export const DEFAULT_MODEL_GATEWAY_CONFIG: ModelGatewayConfig = {
  idleTimeoutMs: 60_000,
  totalTimeoutMs: 10 * 60_000,
  maxAttempts: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  offlineDeltaDelayMs: 0,
  maxResponseBytes: MAX_VENDOR_RESPONSE_BYTES,
};
