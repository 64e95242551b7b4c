import { assertPublicHost } from './private-addresses.ts';

/** How vendor calls may reach their provider's address (ATRIUM_ALLOW_PRIVATE_MODEL_URLS), and what they read back. */
export interface VendorAddressPolicy {
  /** false: every host called is resolved first and refused when any address is loopback, private or link-local. */
  allowPrivateAddresses: boolean;
  /** The most one answer's body may hold (default MAX_VENDOR_RESPONSE_BYTES); past it the read fails. */
  maxResponseBytes?: number;
}

/**
 * The most one vendor answer may hold: far above any chat stream, embeddings batch or generated image (base64) a
 * vendor sends, and a bound on what a broken or hostile endpoint can make a process hold in memory.
 */
export const MAX_VENDOR_RESPONSE_BYTES = 64 * 1024 * 1024;

/** A vendor answer larger than the policy's bound: the read stops there, and the call fails without a retry. */
export class VendorResponseTooLargeError extends Error {
  constructor(maxBytes: number) {
    super(`its answer was larger than ${maxBytes} bytes, which is not read`);
    this.name = 'VendorResponseTooLargeError';
  }
}

/** The response with its body cut off, as an error, once it passes `maxBytes` (declared or counted). */
async function bounded(response: Response, maxBytes: number): Promise<Response> {
  if (!response.body) return response;
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body.cancel();
    throw new VendorResponseTooLargeError(maxBytes);
  }
  let read = 0;
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        read += chunk.byteLength;
        if (read > maxBytes) controller.error(new VendorResponseTooLargeError(maxBytes));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
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
 * (DNS answers change; a name may also resolve to several addresses). An answer is read up to the policy's bound.
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
      if (!REDIRECTS.has(response.status) || location === null) {
        return bounded(response, policy.maxResponseBytes ?? MAX_VENDOR_RESPONSE_BYTES);
      }
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
