import { hash } from 'node:crypto';
import { clientAddressKey } from '../../platform/http/rate-limit.ts';
import type { WindowCounters } from '../../platform/http/rate-limit-counters.ts';
import { rateLimited } from '../../platform/http/rate-limit-errors.ts';

export interface SignInLimitRules {
  /** Failed sign-ins an email may collect in one window; 0 = no limit. */
  failuresPerEmail: number;
  /** Failed sign-ins a client address may collect in one window; 0 = no limit. */
  failuresPerAddress: number;
  windowMs: number;
}

export interface SignInLimits {
  /** 429 `rate_limited` while the email or the address has used up its failures; called before any hashing. */
  assertAllowed(email: string, address: string): Promise<void>;
  recordFailure(email: string, address: string): Promise<void>;
}

/**
 * Failed password sign-ins, counted per email (guessing one account's password) and per client address (trying
 * many accounts). Only failures count, so people who sign in often are never slowed down; once a limit is
 * reached every attempt it covers is refused, the right password included, until its window ends.
 */
export function createSignInLimits(counters: WindowCounters, rules: SignInLimitRules): SignInLimits {
  const countersFor = (email: string, address: string) => {
    const keys: { key: string; max: number }[] = [];
    // The email is stored as a digest: the counters are not a list of who tried to sign in.
    if (rules.failuresPerEmail > 0) {
      const digest = hash('sha256', email, 'base64url');
      keys.push({ key: `sign-in:email:${digest}`, max: rules.failuresPerEmail });
    }
    if (rules.failuresPerAddress > 0) {
      keys.push({ key: `sign-in:address:${clientAddressKey(address)}`, max: rules.failuresPerAddress });
    }
    return keys;
  };

  return {
    async assertAllowed(email, address) {
      const keys = countersFor(email, address);
      if (keys.length === 0) return;
      const counts = await counters.peek(keys.map((k) => k.key));
      const waitsMs = keys.flatMap((k, i) => {
        const count = counts[i];
        return count && count.count >= k.max ? [count.resetInMs] : [];
      });
      if (waitsMs.length > 0) {
        throw rateLimited('Too many failed sign-in attempts; try again later', Math.max(...waitsMs) / 1000);
      }
    },

    async recordFailure(email, address) {
      const keys = countersFor(email, address).map((k) => k.key);
      if (keys.length > 0) await counters.hit(keys, rules.windowMs);
    },
  };
}
