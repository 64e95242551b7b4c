import { z } from 'zod';

/** A boolean query parameter: exactly `true` or `false` (anything else is 400). */
export const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Escapes LIKE wildcards so a search string matches literally inside `%…%`. */
export const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
