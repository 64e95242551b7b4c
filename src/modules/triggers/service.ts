import { randomBytes } from 'node:crypto';
import { principalIdOf, type RequestContext } from '../../platform/auth/actor.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import { insertWithinCap } from '../../platform/db/capped.ts';
import type { Executor } from '../../platform/db/client.ts';
import { INTERNAL_EVENTS } from '../../platform/events/internal.ts';
import { forbidden, invalidRequest, notFound } from '../../platform/http/errors.ts';
import { decodeCursor, toPage } from '../../platform/http/pagination.ts';
import { newId } from '../../platform/ids.ts';
import type { ProjectsService } from '../projects/service.ts';
import { toMessageView, toRunView } from '../runs/service.ts';
import { type ThreadsService, toThreadView } from '../threads/service.ts';
import { cronProblem, nextCronFire } from './cron.ts';
import { type FireDeps, type Fired, fireTrigger } from './fire.ts';
import type { CreateTriggerInput, OwnerType, PatchTriggerInput, TriggerTarget, TriggerType } from './schemas.ts';
import { triggersStore as store, type TriggerChanges, type TriggerRow } from './store.ts';
import { assertMayAddress, checkNewTarget, creatorMayAddress, type TriggerOwners } from './targets.ts';

export type { TriggerOwners };

import { toTriggerView } from './views.ts';

export interface TriggersServiceDeps extends FireDeps {
  db: Executor;
  owners: TriggerOwners;
  threads: FireDeps['threads'] & Pick<ThreadsService, 'getVisible'>;
  projects: Pick<ProjectsService, 'visible' | 'roleOf'>;
  secretBox: SecretBox;
  /** The origin clients reach this server at, for `webhook_url`. */
  publicUrl: () => string;
  /** Called after a commit that queued runs, so the worker claims them at once. */
  onFired: () => void;
}

/** Triggers per agent or workflow: each may fire runs for up to its target list on its own schedule. */
export const MAX_TRIGGERS_PER_OWNER = 100;

const ownerName = (type: OwnerType) => (type === 'agent' ? 'Agent' : 'Workflow');

export const toFiredView = (f: Fired) => ({
  thread: toThreadView(f.thread),
  run: toRunView(f.run),
  message: toMessageView(f.message),
});

/** Triggers of agents and workflows: CRUD for people who can see the owner, and fire-now. */
export function createTriggersService(deps: TriggersServiceDeps) {
  const { db } = deps;

  async function visibleOwner(ctx: RequestContext, type: OwnerType, id: string, ex: Executor = db) {
    if (!(await deps.owners.isActive(ex, ctx.organizationId, type, id, principalIdOf(ctx)))) {
      throw notFound(ownerName(type));
    }
  }

  async function visibleTrigger(ctx: RequestContext, type: OwnerType, ownerId: string, id: string, ex = db) {
    await visibleOwner(ctx, type, ownerId, ex);
    const row = await store.find(ex, ctx.organizationId, type, ownerId, id);
    if (!row) throw notFound('Trigger');
    return row;
  }

  /**
   * Its creator or an org admin may change, delete or fire a trigger; others who see it get 403. Firing is
   * included because it starts runs in its targets' threads, which the caller may not otherwise reach.
   */
  async function manageableTrigger(ctx: RequestContext, type: OwnerType, ownerId: string, id: string, ex = db) {
    const row = await visibleTrigger(ctx, type, ownerId, id, ex);
    if (row.createdBy !== principalIdOf(ctx) && ctx.actor.role !== 'admin') {
      throw forbidden('Only the trigger creator or an organization admin may change or fire it');
    }
    return row;
  }

  function checkSchedule(type: TriggerType, schedule: string): void {
    if (type === 'cron') {
      const problem = cronProblem(schedule);
      if (problem) throw invalidRequest(problem);
    }
    if (type === 'event' && !(INTERNAL_EVENTS as readonly string[]).includes(schedule)) {
      throw invalidRequest(`schedule must name an internal event: ${INTERNAL_EVENTS.join(', ')}`);
    }
  }

  async function nextFireAt(organizationId: string, type: TriggerType, schedule: string, enabled: boolean) {
    if (type !== 'cron' || !enabled) return null;
    return nextCronFire(schedule, await store.timezone(db, organizationId), new Date());
  }

  return {
    async create(ctx: RequestContext, ownerType: OwnerType, ownerId: string, input: CreateTriggerInput) {
      await visibleOwner(ctx, ownerType, ownerId);
      checkSchedule(input.type, input.schedule);
      let target = input.target;
      if (!target) {
        if (ctx.actor.kind !== 'user')
          throw invalidRequest('target is required when a service account creates a trigger');
        target = { type: 'user', user_id: ctx.actor.userId };
      }
      await checkNewTarget(ctx, target, deps.projects, db);
      const id = newId();
      const secret = input.type === 'webhook' ? `whsec_${randomBytes(32).toString('base64url')}` : null;
      const values = {
        id,
        organizationId: ctx.organizationId,
        ownerType,
        ownerId,
        type: input.type,
        schedule: input.schedule,
        payload: input.payload ?? {},
        enabled: input.enabled,
        target,
        nextFireAt: await nextFireAt(ctx.organizationId, input.type, input.schedule, input.enabled),
        secretSealed: secret ? deps.secretBox.seal(secret) : null,
        createdBy: principalIdOf(ctx),
      };
      const row = await insertWithinCap(
        db,
        { what: `triggers of one ${ownerType}`, scopeId: ownerId, max: MAX_TRIGGERS_PER_OWNER },
        (tx) => store.count(tx, ctx.organizationId, ownerType, ownerId),
        (tx) => store.insert(tx, values),
      );
      const view = toTriggerView(row);
      return secret ? { ...view, webhook_url: `${deps.publicUrl()}/v1/hooks/${id}`, secret } : view;
    },

    async list(ctx: RequestContext, ownerType: OwnerType, ownerId: string, query: { cursor?: string; limit: number }) {
      await visibleOwner(ctx, ownerType, ownerId);
      const rows = await store.list(
        db,
        ctx.organizationId,
        ownerType,
        ownerId,
        decodeCursor(query.cursor),
        query.limit,
      );
      return toPage(rows, query.limit, (r) => ({ v: r.createdAt.toISOString(), id: r.id }), toTriggerView);
    },

    get: async (ctx: RequestContext, ownerType: OwnerType, ownerId: string, id: string) =>
      toTriggerView(await visibleTrigger(ctx, ownerType, ownerId, id)),

    /** A changed schedule, target or enabled flag recomputes `nextFireAt` from now: no stale due time fires. */
    async update(ctx: RequestContext, ownerType: OwnerType, ownerId: string, id: string, patch: PatchTriggerInput) {
      const current = await manageableTrigger(ctx, ownerType, ownerId, id);
      if (patch.schedule !== undefined) checkSchedule(current.type, patch.schedule);
      if (patch.target === undefined) {
        // Changing what a trigger posts is speaking in its targets' threads, the target kept included.
        await assertMayAddress(ctx, current.target as TriggerTarget, deps.projects, db);
      } else {
        await checkNewTarget(ctx, patch.target, deps.projects, db);
        // Unattended fires use the creator's rights: an admin's edit must not leave a trigger that never fires.
        const byOther = current.createdBy !== principalIdOf(ctx);
        if (byOther && !(await creatorMayAddress(db, deps.projects, current, patch.target))) {
          throw forbidden("The trigger's creator may not address this target; create a trigger of your own for it");
        }
      }
      const changes: TriggerChanges = {};
      if (patch.schedule !== undefined) changes.schedule = patch.schedule;
      if (patch.payload !== undefined) changes.payload = patch.payload;
      if (patch.enabled !== undefined) changes.enabled = patch.enabled;
      if (patch.target !== undefined) changes.target = patch.target;
      if (Object.keys(changes).length === 0) return toTriggerView(current);
      const schedule = changes.schedule ?? current.schedule;
      const enabled = changes.enabled ?? current.enabled;
      changes.nextFireAt = await nextFireAt(ctx.organizationId, current.type, schedule, enabled);
      const row = await store.update(db, ctx.organizationId, id, changes);
      if (!row) throw notFound('Trigger');
      return toTriggerView(row);
    },

    async remove(ctx: RequestContext, ownerType: OwnerType, ownerId: string, id: string): Promise<void> {
      await manageableTrigger(ctx, ownerType, ownerId, id);
      await store.remove(db, ctx.organizationId, id);
    },

    /**
     * Fires now, whether enabled or not, for those who may change the trigger: a new thread per target, or one
     * run on `threadId` (a thread of this agent or workflow that the caller sees). Answers one entry per thread.
     */
    async fireNow(ctx: RequestContext, ownerType: OwnerType, ownerId: string, id: string, threadId?: string) {
      const fired = await db.transaction(async (tx) => {
        const trigger: TriggerRow = await manageableTrigger(ctx, ownerType, ownerId, id, tx);
        // New threads for the targets are posted in with the caller's rights; a given thread is one they see.
        if (!threadId) await assertMayAddress(ctx, trigger.target as TriggerTarget, deps.projects, tx);
        let thread: Awaited<ReturnType<typeof deps.threads.getVisible>> | undefined;
        if (threadId) {
          thread = await deps.threads.getVisible(ctx, threadId, tx);
          if (thread.createdByType !== ownerType || thread.createdById !== ownerId) {
            throw invalidRequest(`thread_id must name a thread of this ${ownerType}`);
          }
        }
        return fireTrigger(tx, deps, trigger, { input: { ...trigger.payload }, thread });
      });
      deps.onFired();
      return { data: fired.map(toFiredView) };
    },
  };
}

export type TriggersService = ReturnType<typeof createTriggersService>;
