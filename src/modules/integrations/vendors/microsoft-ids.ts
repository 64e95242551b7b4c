const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Two or more labels of letters, digits and inner hyphens, 253 characters at most: contoso.onmicrosoft.com. */
const DOMAIN = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

/**
 * A directory (tenant) id or one of its domains. It goes into the token URL's path, so nothing else is sent; the
 * one-label aliases (`common`, `organizations`) are refused too, as client credentials need one tenant.
 */
export function isTenantId(value: string): boolean {
  return GUID.test(value) || DOMAIN.test(value);
}

/** An application (client) id: always a GUID. */
export function isClientId(value: string): boolean {
  return GUID.test(value);
}
