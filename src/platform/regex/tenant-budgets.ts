export interface TenantBudgets {
  /** Worker time `tenant` may still use in its current window; zero or less once it has spent its budget. */
  remaining(tenant: string): number;
  /** Records worker time `tenant` used. */
  charge(tenant: string, ms: number): void;
}

/**
 * Worker time per tenant and window: a tenant may use `perWindowMs` within `windowMs` of its first charge,
 * then nothing until that window ends. A fixed window rather than a refilling bucket, so that a spent budget
 * stays spent (a bucket near empty would keep handing out slivers, each cutting one run short). Only tenants
 * with an open window are stored; expired windows are swept at most once per window length.
 */
export function createTenantBudgets(
  perWindowMs: number,
  windowMs = 60_000,
  now: () => number = () => performance.now(),
): TenantBudgets {
  const windows = new Map<string, { start: number; spent: number }>();
  let sweptAt = now();

  function open(tenant: string, t: number) {
    const window = windows.get(tenant);
    if (window && t - window.start < windowMs) return window;
    windows.delete(tenant);
    return null;
  }

  return {
    remaining: (tenant) => perWindowMs - (open(tenant, now())?.spent ?? 0),

    charge(tenant, ms) {
      if (ms <= 0) return;
      const t = now();
      const window = open(tenant, t);
      if (window) window.spent += ms;
      else windows.set(tenant, { start: t, spent: ms });
      if (t - sweptAt < windowMs) return;
      sweptAt = t;
      for (const key of [...windows.keys()]) open(key, t);
    },
  };
}
