import { ApiError } from '../../../platform/http/errors.ts';

const MAX_VENDOR_TEXT = 200;

export const vendorError = (message: string) => new ApiError(502, 'vendor_error', message);

/** Removes the key (and anything after `key=`) from vendor text and bounds its length. */
export function cleanVendorText(text: string, secret: string): string {
  let out = secret ? text.split(secret).join('[redacted]') : text;
  out = out
    .replace(/([?&]key=)[^&\s"']+/gi, '$1[redacted]')
    .replace(/\s+/g, ' ')
    .trim();
  return out.length > MAX_VENDOR_TEXT ? `${out.slice(0, MAX_VENDOR_TEXT)}…` : out;
}

/** GETs JSON from a vendor; non-2xx, network failure, timeout and bad JSON all become 502 `vendor_error`. */
export async function getVendorJson(
  url: string,
  init: { headers: Record<string, string>; timeoutMs: number; secret: string },
): Promise<unknown> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(init.timeoutMs),
    });
    text = await res.text();
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError')
      throw vendorError(`The vendor did not answer within ${init.timeoutMs} ms`);
    throw vendorError(
      `The vendor could not be reached${e.cause?.code ? ` (${cleanVendorText(e.cause.code, init.secret)})` : ''}`,
    );
  }
  if (!res.ok) {
    const detail = cleanVendorText(text, init.secret);
    throw vendorError(`The vendor answered ${res.status}${detail ? `: ${detail}` : ''}`);
  }
  try {
    return JSON.parse(text);
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
