import { z } from 'zod';
import { invalidRequest } from './errors.ts';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export interface Page<T> {
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
}

/** Keyset position: the sort value and the id of the last row of the previous page. */
export interface Cursor {
  v: string;
  id: string;
}

export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.v, c.id]), 'utf8').toString('base64url');

export function decodeCursor(raw: string | undefined): Cursor | null {
  if (raw === undefined || raw === '') return null;
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      typeof parsed[1] === 'string'
    ) {
      return { v: parsed[0], id: parsed[1] };
    }
  } catch {
    // fall through to the uniform error below
  }
  throw invalidRequest('Invalid cursor');
}

export const pageQuery = (maxLimit = MAX_PAGE_SIZE, defaultLimit = DEFAULT_PAGE_SIZE) =>
  z.object({
    cursor: z.string().max(512).optional(),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  });

/**
 * Stores fetch `limit + 1` rows; this trims the probe row and builds the envelope from the last row kept.
 */
export function toPage<R, T>(rows: R[], limit: number, cursorOf: (row: R) => Cursor, view: (row: R) => T): Page<T> {
  const hasMore = rows.length > limit;
  const kept = hasMore ? rows.slice(0, limit) : rows;
  const last = kept[kept.length - 1];
  return {
    data: kept.map(view),
    has_more: hasMore,
    next_cursor: hasMore && last !== undefined ? encodeCursor(cursorOf(last)) : null,
  };
}

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), has_more: z.boolean(), next_cursor: z.string().nullable() });
