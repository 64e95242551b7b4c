import { z } from 'zod';
import { isUuid } from '../ids.ts';
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

/** An instant as the API writes it; nothing we store predates 1970, and PostgreSQL has no year 0. */
const isInstant = (v: string) => {
  const ms = Date.parse(v);
  return ms >= 0 && new Date(ms).toISOString() === v;
};

/**
 * Reads a `next_cursor` back. A cursor is opaque, but a forged one must be a 400, never a failed cast in the
 * database: the id must be a UUID and the sort value must pass `isValidValue` (by default an ISO instant
 * exactly as the API writes them, so impossible dates like Feb 30 are refused too).
 */
export function decodeCursor(raw: string | undefined, isValidValue: (v: string) => boolean = isInstant): Cursor | null {
  if (raw === undefined || raw === '') return null;
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      typeof parsed[1] === 'string' &&
      isUuid(parsed[1]) &&
      isValidValue(parsed[0])
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

/** The page envelope plus `total`, the number of rows the filters match (lists where the spec adds it). */
export const pageWithTotalSchema = <T extends z.ZodType>(item: T) =>
  pageSchema(item).extend({ total: z.number().int() });
