/**
 * The current time, for the decisions that depend on it: whether a session token, an API key or a demo
 * organization has expired. Production reads the system clock; tests pass a clock they move forward instead of
 * sleeping until an expiry passes.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
