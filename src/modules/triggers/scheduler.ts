import type { Executor } from '../../platform/db/client.ts';
import { loggableError } from '../../platform/db/errors.ts';
import { createPeriodicPass, type JobLogger, type PeriodicPass } from '../../platform/jobs/index.ts';
import { latestCronFire, nextCronFire } from './cron.ts';
import { type FireDeps, fireTrigger } from './fire.ts';
import { triggersStore as store } from './store.ts';
import type { CreatorStanding } from './targets.ts';
import { creatorMayFire } from './targets.ts';

/** Due triggers one pass takes at most before yielding to the next interval. */
const MAX_PER_PASS = 100;

export interface TriggerSchedulerDeps extends FireDeps, CreatorStanding {
  db: Executor;
  intervalMs: number;
  onFired: () => void;
  log: JobLogger;
}

/** The worker role's loop; `runOnce` fires every due cron trigger and resolves with how many due times it handled. */
export type TriggerScheduler = PeriodicPass;

/**
 * Fires cron triggers. Each due trigger is claimed in its own transaction (`FOR UPDATE SKIP LOCKED`, so
 * scheduler processes never take the same one), its due time is recorded in `trigger_fires` (the primary key
 * makes a due time fire once even if a row were claimed twice), the fire is written and `next_fire_at` moves on,
 * all in that one transaction. After downtime only the latest missed due time fires, once. Times are the
 * database's, so process clocks never matter. A fire that fails (DLP, no target left) is logged and skipped.
 */
export function createTriggerScheduler(deps: TriggerSchedulerDeps): TriggerScheduler {
  const { db } = deps;

  /** Handles the most overdue trigger; false when none is due (or all due ones are claimed elsewhere). */
  async function handleOne(): Promise<boolean> {
    let fired = 0;
    const claimed = await db.transaction(async (tx) => {
      const due = await store.claimDue(tx);
      if (!due) return false;
      const { organizationId: org, id } = due;
      // The latest due time reached (one fire however many were missed), never before the recorded one.
      const latest = latestCronFire(due.schedule, due.timezone, due.now);
      const dueAt = latest && latest >= due.nextFireAt! ? latest : due.nextFireAt!;
      await store.advance(tx, org, id, nextCronFire(due.schedule, due.timezone, due.now));
      if (!(await store.recordFire(tx, id, dueAt))) return true;
      if (!(await creatorMayFire(tx, deps, due))) {
        deps.log.info({ triggerId: id }, 'cron trigger due time skipped: its creator may no longer fire it');
        return true;
      }
      try {
        fired = (await tx.transaction((sp) => fireTrigger(sp, deps, due, { input: { ...due.payload } }))).length;
      } catch (error) {
        deps.log.warn({ triggerId: id, err: loggableError(error) }, 'cron trigger due time skipped: the fire failed');
      }
      return true;
    });
    if (fired > 0) deps.onFired();
    return claimed;
  }

  return createPeriodicPass({
    intervalMs: deps.intervalMs,
    async pass() {
      let handled = 0;
      while (handled < MAX_PER_PASS && (await handleOne())) handled++;
      return handled;
    },
    onError: (error) =>
      deps.log.error({ err: loggableError(error) }, 'trigger scheduler pass failed; retrying at the next interval'),
  });
}
