import { timestamp } from 'drizzle-orm/pg-core';

/**
 * Timestamps kept at millisecond precision, the precision of the API's ISO strings: a value read back and sent
 * again (a keyset cursor, say) then compares equal to the stored one instead of skipping rows created within
 * the same millisecond.
 */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });
