import { assertPublicHost } from './private-addresses.ts';

/** How vendor calls may reach their provider's address (ATRIUM_ALLOW_PRIVATE_MODEL_URLS). */
export interface VendorAddressPolicy {
  /** false: every host called is resolved first and refused when any address is loopback, private or link-local. */
  allowPrivateAddresses: boolean;
}

/** A redirect a vendor call refuses to follow. */
export class VendorRedirectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VendorRedirectError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;

/**
 * `fetch` for requests that carry a vendor key (a header, or Gemini's `?key=`): redirects are followed only
 * within the origin first called, at most five, so an operator's base_url that answers with a redirect cannot
 * send the key to another host. With private addresses refused, each host is checked right before its request
 * (DNS answers change; a name may also resolve to several addresses).
 */
export function createVendorFetch(policy: VendorAddressPolicy): typeof fetch {
  return async (input, init) => {
    if (input instanceof Request) throw new TypeError('vendor requests are made with a URL and options');
    let url = new URL(input);
    const origin = url.origin;
    let request: RequestInit = { ...init, redirect: 'manual' };
    for (let hops = 0; ; hops++) {
      if (!policy.allowPrivateAddresses) await assertPublicHost(url);
      const response = await fetch(url, request);
      const location = response.headers.get('location');
      if (!REDIRECTS.has(response.status) || location === null) return response;
      await response.body?.cancel();
      const next = URL.canParse(location, url) ? new URL(location, url) : null;
      if (next?.origin !== origin) {
        throw new VendorRedirectError('it redirected to another address, which is not followed with the API key');
      }
      if (hops >= MAX_REDIRECTS) throw new VendorRedirectError(`it redirected more than ${MAX_REDIRECTS} times`);
      // As fetch itself does: 303, and 301/302 after a POST, continue as a GET without the body.
      const toGet = response.status === 303 || (response.status <= 302 && request.method === 'POST');
      if (toGet) request = { ...request, method: 'GET', body: undefined };
      url = next;
    }
  };
}
