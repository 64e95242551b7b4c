import {
  backoffMs,
  delayBeforeRetry,
  isIdempotent,
  isNetworkError,
  isRetryableStatus,
  type RetryPolicy,
} from './retry.ts';

export interface TransportOptions {
  token?: string | (() => string | null);
  web?: boolean;
  fetch?: typeof fetch;
  onUnauthorized?: () => void;
}

export type Transport = (request: Request) => Promise<Response>;

/**
 * What every request of the client goes through (the `fetch` openapi-fetch is given, and the turn stream's):
 * the credential, then fetch, then the 401 hook; idempotent methods are repeated per the retry policy.
 */
export function createTransport(options: TransportOptions, policy: RetryPolicy): Transport {
  // Looked up per call, so a fetch installed or mocked after the client was created is the one used.
  const baseFetch: Transport = options.fetch ?? ((request) => globalThis.fetch(request));

  function withCredential(request: Request): Request {
    const headers = new Headers(request.headers);
    const token = typeof options.token === 'function' ? options.token() : options.token;
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    if (!options.web) return new Request(request, { headers });
    // The session is an HttpOnly cookie, which the API accepts only together with this header.
    headers.set('x-atrium-web', '1');
    return new Request(request, { headers, credentials: 'same-origin' });
  }

  async function once(request: Request): Promise<Response> {
    const response = await baseFetch(withCredential(request));
    if (response.status === 401) options.onUnauthorized?.();
    return response;
  }

  return async function send(request: Request): Promise<Response> {
    if (!isIdempotent(request.method)) return once(request);
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= policy.attempts;
      let response: Response;
      try {
        // A clone per attempt: a request's body can be read once.
        response = await once(last ? request : request.clone());
      } catch (error) {
        if (last || !isNetworkError(error) || request.signal.aborted) throw error;
        await policy.sleep(backoffMs(policy, attempt), request.signal);
        continue;
      }
      if (last || !isRetryableStatus(response)) return response;
      const delay = delayBeforeRetry(policy, attempt, response);
      if (delay === null) return response;
      // Let the connection go back to the pool before waiting.
      await response.body?.cancel();
      await policy.sleep(delay, request.signal);
    }
  };
}
