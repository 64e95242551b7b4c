/** A nullable instant as the API writes it: ISO 8601 UTC with milliseconds, or null. */
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
