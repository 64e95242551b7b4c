import { invalidRequest } from '../../platform/http/errors.ts';
import { assertPublicHost, PrivateAddressError } from '../../platform/models/private-addresses.ts';

/**
 * A provider's base_url as an operator sets it: with private addresses refused (ATRIUM_ALLOW_PRIVATE_MODEL_URLS
 * false), one whose host is, or resolves to, a loopback, private or link-local address is 400 `invalid_request`,
 * as is a host that cannot be resolved (nothing could be checked). Calls check again: DNS answers change.
 */
export async function checkProviderBaseUrl(baseUrl: string | null | undefined, allowPrivateAddresses: boolean) {
  if (allowPrivateAddresses || !baseUrl) return;
  const url = new URL(baseUrl);
  try {
    await assertPublicHost(url);
  } catch (error) {
    if (error instanceof PrivateAddressError) {
      throw invalidRequest(`base_url: ${error.message}, which this installation refuses`);
    }
    throw invalidRequest(`base_url: the host ${url.hostname} could not be resolved`);
  }
}
