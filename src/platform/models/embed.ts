import type { EmbeddingModelV3 } from '@ai-sdk/provider';
import type { Watchdog } from './attempts.ts';
import { ModelFailureError } from './errors.ts';
import type { ModelUsage } from './types.ts';

const invalid = (detail: string) => new ModelFailureError({ kind: 'invalid-response', retryable: false, detail });

/** Scales a vector to unit length, so that cosine similarity is a dot product (a zero vector stays zero). */
export function unitLength(vector: readonly number[]): number[] {
  let norm = 0;
  for (const x of vector) norm += x * x;
  norm = Math.sqrt(norm);
  return norm === 0 ? vector.map(() => 0) : vector.map((x) => x / norm);
}

/** The widest vector kept: above every embeddings model in the field (3,072 at most), and a bound on a chunk's row. */
export const MAX_EMBEDDING_DIMENSIONS = 4096;

/**
 * One attempt at embedding `texts`: the vendor must answer one finite vector per text, all of one dimension, or
 * the answer is a model failure rather than vectors that would rank nonsense.
 */
export async function embedAttempt(
  em: EmbeddingModelV3,
  texts: string[],
  watchdog: Watchdog,
): Promise<{ embeddings: number[][]; usage: ModelUsage }> {
  const result = await em.doEmbed({ values: texts, abortSignal: watchdog.signal });
  watchdog.touch();
  const { embeddings } = result;
  if (embeddings.length !== texts.length) throw invalid(`${embeddings.length} vectors for ${texts.length} texts`);
  const dimensions = embeddings[0]?.length ?? 0;
  if (dimensions > MAX_EMBEDDING_DIMENSIONS)
    throw invalid(`the vectors have ${dimensions} dimensions, more than the ${MAX_EMBEDDING_DIMENSIONS} kept`);
  for (const vector of embeddings) {
    if (vector.length === 0 || vector.length !== dimensions) throw invalid('the vectors differ in dimension');
    if (!vector.every(Number.isFinite)) throw invalid('a vector holds a value that is not a finite number');
  }
  const tokens = result.usage?.tokens ?? 0;
  return {
    embeddings: embeddings.map(unitLength),
    usage: { inputTokens: tokens, outputTokens: 0, cachedInputTokens: 0 },
  };
}
