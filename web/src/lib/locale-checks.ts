/** Language and time-zone checks as the API makes them (both with `Intl`), and the zone picker's choices. */

/** A tag `Intl` can canonicalise to exactly one locale (en, de, pt-BR). */
export function isLanguageTag(value: string): boolean {
  try {
    return Intl.getCanonicalLocales(value).length === 1;
  } catch {
    return false;
  }
}

/** An IANA zone `Intl` knows. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The IANA zones the browser knows: the choices of a time-zone picker (UTC first). */
export function timeZoneChoices(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const all = new Set(['UTC', ...zones]);
  // A zone the browser does not list (older data) stays selectable, so saving never changes it silently.
  if (current) all.add(current);
  return [...all];
}
