import { describe, expect, it } from 'vitest';
import { createKeyedLimiter, createLimiter, LimiterFullError } from '../src/platform/limiter.ts';

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

describe('createKeyedLimiter', () => {
  it('runs `slots` tasks of a key, queues `queue` more, refuses the next at once; other keys are not affected', async () => {
    const limit = createKeyedLimiter({ slots: 1, queue: 1 });
    const gates = Array.from({ length: 3 }, deferred);
    const started: string[] = [];
    const task = (name: string, gate: { promise: Promise<void> }) => async () => {
      started.push(name);
      await gate.promise;
      return name;
    };
    const a1 = limit('a', task('a1', gates[0]!));
    const a2 = limit('a', task('a2', gates[1]!));
    await expect(limit('a', task('a3', gates[2]!))).rejects.toBeInstanceOf(LimiterFullError);
    const b1 = limit('b', task('b1', gates[2]!));
    await tick();
    expect(started).toEqual(['a1', 'b1']);
    gates[0]!.resolve();
    expect(await a1).toBe('a1');
    await tick();
    expect(started).toEqual(['a1', 'b1', 'a2']);
    gates[1]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all([a2, b1])).toEqual(['a2', 'b1']);
    // Everything has finished: the key starts afresh with all its slots.
    const again = deferred();
    const a4 = limit('a', task('a4', again));
    const a5 = limit('a', task('a5', again));
    again.resolve();
    expect(await Promise.all([a4, a5])).toEqual(['a4', 'a5']);
  });

  it('frees the slot of a task that fails', async () => {
    const limit = createKeyedLimiter({ slots: 1, queue: 0 });
    await expect(limit('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit('a', async () => 'next')).toBe('next');
  });
});
