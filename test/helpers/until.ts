const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` every 50 ms until it gives a truthy value, which it returns; fails naming `what` past the timeout. */
export async function until<T>(what: string, read: () => Promise<T | undefined | null | false>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen in time`);
    await sleep(50);
  }
}
