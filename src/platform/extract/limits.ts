/** Bounds of one extraction's worker thread (platform/extract/sandbox.ts). */
export interface ExtractLimits {
  /** Wall-clock budget from the worker's start; past it the worker is terminated and the file is unreadable. */
  timeoutMs: number;
  /** The worker's V8 heap (old generation); past it V8 stops the worker and the file is unreadable. */
  memoryMb: number;
}

export const DEFAULT_EXTRACT_LIMITS: Readonly<ExtractLimits> = { timeoutMs: 30_000, memoryMb: 512 };

/**
 * Characters of text one file yields at most (about 5 MB of plain text, some 4,000-8,000 search chunks); the rest
 * is cut off and reported as truncated. Bounds the memory, the index rows and the `content` column per file.
 */
export const MAX_EXTRACTED_CHARS = 5_000_000;
