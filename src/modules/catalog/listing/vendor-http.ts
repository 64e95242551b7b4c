import { ApiError } from '../../../platform/http/errors.ts';
import { statusLine, vendorErrorCode } from '../../../platform/models/errors.ts';
import { PrivateAddressError } from '../../../platform/models/private-addresses.ts';
import {
  createVendorFetch,
  VendorRedirectError,
  VendorResponseTooLargeError,
} from '../../../platform/models/vendor-fetch.ts';
import type { VendorRequest } from './types.ts';

export const vendorError = (message: string) => new ApiError(502, 'vendor_error', message);

/**
 * GETs JSON from a vendor through the vendor fetch (redirects only within the origin, private addresses refused
 * when configured); non-2xx, network failure, timeout and bad JSON all become 502 `vendor_error`. A non-2xx
 * answer is told by its status line and the vendor's error code only, never its body.
 */
export async function getVendorJson(url: string, headers: Record<string, string>, req: VendorRequest) {
  const vendorFetch = createVendorFetch({ allowPrivateAddresses: req.allowPrivateAddresses });
  let res: Response;
  let text: string;
  try {
    res = await vendorFetch(url, {
      headers: { accept: 'application/json', ...headers },
      signal: AbortSignal.timeout(req.timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    const e = err as Error & { cause?: { code?: string }; code?: string };
    if (e.name === 'TimeoutError' || e.name === 'AbortError')
      throw vendorError(`The vendor did not answer within ${req.timeoutMs} ms`);
    if (err instanceof VendorRedirectError) throw vendorError(`The vendor could not be listed: ${err.message}`);
    const tooLarge = [err, e.cause].find((x) => x instanceof VendorResponseTooLargeError);
    if (tooLarge) throw vendorError(`The vendor could not be listed: ${(tooLarge as Error).message}`);
    if (err instanceof PrivateAddressError)
      throw vendorError(`The vendor address is refused: ${err.message} (ATRIUM_ALLOW_PRIVATE_MODEL_URLS=false)`);
    const code = e.cause?.code ?? e.code;
    throw vendorError(`The vendor could not be reached${code && /^[A-Z_]+$/.test(code) ? ` (${code})` : ''}`);
  }
  if (!res.ok) {
    throw vendorError(`The vendor answered ${statusLine(res.status, vendorErrorCode(text, [req.apiKey]))}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw vendorError('The vendor answered with invalid JSON');
  }
}

export const joinUrl = (baseUrl: string, path: string) => `${baseUrl.replace(/\/+$/, '')}${path}`;

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function arrayField(body: unknown, field: string): Record<string, unknown>[] {
  const list = isRecord(body) ? body[field] : undefined;
  if (!Array.isArray(list)) throw vendorError(`The vendor answer has no "${field}" list`);
  return list.filter(isRecord);
}
