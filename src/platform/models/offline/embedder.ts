import type { EmbeddingModelV3 } from '@ai-sdk/provider';
import { unitLength } from '../embed.ts';
import { OFFLINE_EMBEDDINGS_MODEL_ID, OFFLINE_PROVIDER_SLUG } from './catalog.ts';

/** Dimensions of the hashing embedder's vectors. */
export const HASHING_DIMENSIONS = 256;
/** Each character trigram of a word weighs half as much as the word: shared stems and misspellings come close. */
const TRIGRAM_WEIGHT = 0.5;

/** FNV-1a, 32 bits: a fast, well-spread, deterministic hash of a feature. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Adds a feature to the vector: one hashed bucket, and a hashed sign so that collisions cancel out on average. */
function addFeature(vector: number[], feature: string, weight: number): void {
  const hash = fnv1a(feature);
  vector[hash % HASHING_DIMENSIONS]! += hash & 0x80000000 ? -weight : weight;
}

/**
 * The offline model's embeddings: feature hashing of the text's lower-cased words and their character trigrams
 * into a unit vector. Deterministic and free, so tests and the embedded default exercise semantic search
 * without a vendor; texts sharing words or word parts come out similar.
 */
export function hashingEmbedding(text: string): number[] {
  const vector = new Array<number>(HASHING_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    addFeature(vector, `w:${word}`, 1);
    const padded = `^${word}$`;
    for (let i = 0; i + 3 <= padded.length; i++) addFeature(vector, `t:${padded.slice(i, i + 3)}`, TRIGRAM_WEIGHT);
  }
  return unitLength(vector);
}

/** The hashing embedder behind the AI SDK's embedding model interface; tokens counted as characters / 4. */
export function createHashingEmbedder(): EmbeddingModelV3 {
  return {
    specificationVersion: 'v3',
    provider: OFFLINE_PROVIDER_SLUG,
    modelId: OFFLINE_EMBEDDINGS_MODEL_ID,
    maxEmbeddingsPerCall: undefined,
    supportsParallelCalls: true,
    async doEmbed({ values, abortSignal }) {
      abortSignal?.throwIfAborted();
      const tokens = values.reduce((sum, value) => sum + Math.ceil(value.length / 4), 0);
      return { embeddings: values.map(hashingEmbedding), usage: { tokens }, warnings: [] };
    },
  };
}
