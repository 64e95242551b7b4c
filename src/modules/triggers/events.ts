import type { Executor } from '../../platform/db/client.ts';
import { ApiError } from '../../platform/http/errors.ts';
import type { JobHandler, JobLogger } from '../../platform/jobs/index.ts';
import { type FireDeps, fireTrigger } from './fire.ts';
import { triggersStore as store } from './store.ts';
import type { CreatorStanding } from './targets.ts';
import { creatorMayFire } from './targets.ts';

interface EventJob {
  organizationId: string;
  triggerId: string;
  event: string;
  data: Record<string, unknown>;
}

/**
 * The `trigger.event` job (written by `emitInternalEvent` with the event's own write): fires one event trigger
 * for one occurrence, input = payload + `{ event, ...data }`. A redelivery finds the threads of its first
 * delivery (their ids derive from the job id) and does nothing; a trigger disabled, changed or deleted since,
 * whose owner was archived, or whose creator may no longer address its target, does not fire.
 */
export function createTriggerEventHandler(
  deps: FireDeps & CreatorStanding & { db: Executor; onFired: () => void; log: JobLogger },
): JobHandler {
  return async (job) => {
    const p = job.payload as unknown as EventJob;
    const fired = await deps.db.transaction(async (tx) => {
      const trigger = await store.findById(tx, p.organizationId, p.triggerId);
      if (!trigger?.enabled || trigger.type !== 'event' || trigger.schedule !== p.event) return 0;
      if (!(await creatorMayFire(tx, deps, trigger))) {
        deps.log.info({ triggerId: trigger.id }, 'event trigger not fired: its creator may no longer fire it');
        return 0;
      }
      try {
        const input = { ...trigger.payload, event: p.event, ...p.data };
        return (await fireTrigger(tx, deps, trigger, { input, onceKey: `event:${job.id}` })).length;
      } catch (error) {
        // Refused for good (a DLP block, no live subscription): retrying would not change the answer.
        if (!(error instanceof ApiError) || (error.status !== 422 && error.status !== 402)) throw error;
        deps.log.warn({ triggerId: trigger.id, code: error.code }, 'event trigger not fired');
        return 0;
      }
    });
    if (fired > 0) deps.onFired();
  };
}
