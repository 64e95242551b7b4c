import { describe, expect, it } from 'vitest';
import { createLimiter } from '../src/platform/limiter.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createLimiter', () => {
  it('runs at most `slots` tasks at once and starts the waiting ones in the order they came', async () => {
    const limit = createLimiter(2);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    let inside = 0;
    let most = 0;
    const done = gates.map((gate, i) =>
      limit(async () => {
        started.push(i);
        inside++;
        most = Math.max(most, inside);
        await gate.promise;
        inside--;
        return i * 10;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(done)).toEqual([0, 10, 20, 30, 40]);
    expect(most).toBe(2);
  });

  it('frees the slot of a task that throws, and passes the error on', async () => {
    const limit = createLimiter(1);
    await expect(limit(async () => Promise.reject(new Error('tool broke')))).rejects.toThrow('tool broke');
    await expect(limit(async () => 'next')).resolves.toBe('next');
  });

  it('refuses a slot count that is not a positive integer', () => {
    expect(() => createLimiter(0)).toThrow(RangeError);
    expect(() => createLimiter(1.5)).toThrow(RangeError);
  });
});
