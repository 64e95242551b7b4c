/** The most a vendor's JSON answer may be: anything larger is not an answer this client asked for. */
export const ANSWER_LIMIT_BYTES = 1024 * 1024;

/**
 * A response body of at most `maxBytes`, or null past it. A declared length over the limit refuses before any
 * read; otherwise bytes are counted as they arrive and the stream is cancelled at the first byte too many, so a
 * vendor (or whatever answers at its address) cannot make us buffer more than the limit.
 */
export async function readLimited(response: Response, maxBytes: number): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length'));
  if (response.body === null) return Buffer.alloc(0);
  if (declared > maxBytes) {
    await response.body.cancel();
    return null;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, total);
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
}
