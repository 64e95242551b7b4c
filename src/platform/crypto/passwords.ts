import { randomBytes, randomInt } from 'node:crypto';
import argon2 from 'argon2';
import { RetryLaterError } from '../http/rate-limit-errors.ts';
import { createLimiter } from '../limiter.ts';

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const PASSWORD_MIN_LENGTH = 12;
/** Bounds argon2's input so a megabyte "password" cannot be used to burn CPU. */
export const PASSWORD_MAX_LENGTH = 256;

/** How many hashes run at once, and how many may wait for a slot before the next is refused. */
export interface HashingBounds {
  concurrency: number;
  queue: number;
}

type Gate = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * Each argon2 hash or verify holds a libuv threadpool thread (and 19 MiB) for tens of milliseconds; the same pool
 * serves file system, DNS and crypto work. A bounded number run at once so a flood of sign-ins cannot take every
 * thread, and a bounded number wait, so that under a flood callers get 503 at once rather than minutes later.
 */
function createGate({ concurrency, queue }: HashingBounds): Gate {
  const run = createLimiter(concurrency);
  let admitted = 0;
  return async (task) => {
    if (admitted >= concurrency + queue) {
      throw new RetryLaterError(503, 'server_busy', 'Too many password checks are in progress; retry shortly', 1);
    }
    admitted++;
    try {
      return await run(task);
    } finally {
      admitted--;
    }
  };
}

// The threadpool is per process, so the bound is too. Node's default pool has 4 threads: 2 stay free.
let gate = createGate({ concurrency: 2, queue: 64 });

/** Sets the process's bounds from its configuration (at start-up). */
export function boundPasswordHashing(bounds: HashingBounds): void {
  gate = createGate(bounds);
}

export function hashPassword(password: string): Promise<string> {
  return gate(() => argon2.hash(password, HASH_OPTIONS));
}

let dummyHash: Promise<string> | null = null;

/**
 * Verifies a password; with a null hash (unknown email) it still spends one verification on a dummy hash,
 * so response timing does not reveal whether the email exists.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    // Made once per process outside the gate, so a refusal at a busy moment cannot poison it.
    dummyHash ??= argon2.hash(randomBytes(16).toString('hex'), HASH_OPTIONS);
    const dummy = await dummyHash;
    await gate(() => argon2.verify(dummy, password).catch(() => false));
    return false;
  }
  return gate(() => argon2.verify(hash, password).catch(() => false));
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A one-time temporary password: 20 characters from an unambiguous alphabet (~115 bits). */
export function generatePassword(): string {
  let out = '';
  for (let i = 0; i < 20; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return out;
}
