import { principalIdOf, type RequestContext } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import { ApiError, forbidden, invalidRequest } from '../../platform/http/errors.ts';
import type { ProjectsService } from '../projects/service.ts';
import type { OwnerType, TriggerTarget } from './schemas.ts';
import { triggersStore as store, type TriggerRow } from './store.ts';

/*
 * A fire writes a user message into a thread of each target user (or into the target project), so whoever sets
 * a trigger's target speaks in those threads. Addressing anyone but oneself is therefore for organization admins,
 * and a project target for them or an admin of that project.
 */

type Projects = Pick<ProjectsService, 'visible' | 'roleOf'>;

const addressesOnly = (target: TriggerTarget, principalId: string): boolean =>
  target.type === 'user'
    ? target.user_id === principalId
    : target.type === 'users' && target.user_ids.every((id) => id === principalId);

/**
 * Whether an agent or workflow is active in the organization and visible to the principal (a private one only to
 * its creator). Background fires ask for the trigger's creator: a trigger fires only while its creator could.
 */
export interface TriggerOwners {
  isActive(ex: Executor, organizationId: string, type: OwnerType, id: string, principalId: string): Promise<boolean>;
}

/** The caller's role in a project (a person's or a service account's), or null when they do not see it. */
async function projectRole(ctx: RequestContext, projectId: string, projects: Projects, ex: Executor) {
  try {
    return (await projects.visible(ctx, projectId, ex)).viewerRole;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const othersRefused = () => forbidden('Only an organization admin may make a trigger post to other users');
const projectRefused = () =>
  forbidden('Only an organization admin or an admin of the project may make a trigger post to it');

/** 403 `forbidden` unless the caller may address the target: before a person fires it or keeps changing it. */
export async function assertMayAddress(
  ctx: RequestContext,
  target: TriggerTarget,
  projects: Projects,
  ex: Executor,
): Promise<void> {
  if (ctx.actor.role === 'admin') return;
  if (target.type !== 'project') {
    if (!addressesOnly(target, principalIdOf(ctx))) throw othersRefused();
    return;
  }
  if ((await projectRole(ctx, target.project_id, projects, ex)) !== 'admin') throw projectRefused();
}

/**
 * A target a person sets: 400 `invalid_request` when its users are not live users of the organization or its
 * project is not one the caller sees, 403 `forbidden` when the caller may not address it.
 */
export async function checkNewTarget(
  ctx: RequestContext,
  target: TriggerTarget,
  projects: Projects,
  ex: Executor,
): Promise<void> {
  if (target.type === 'project') {
    const role = await projectRole(ctx, target.project_id, projects, ex);
    if (role === null) throw invalidRequest('target.project_id: no such project visible to the caller');
    if (ctx.actor.role !== 'admin' && role !== 'admin') throw projectRefused();
    return;
  }
  // Before the users are looked up, so a member learns nothing about other people's ids.
  if (ctx.actor.role !== 'admin' && !addressesOnly(target, principalIdOf(ctx))) throw othersRefused();
  const ids = target.type === 'user' ? [target.user_id] : target.user_ids;
  const live = new Set(await store.liveUserIds(ex, ctx.organizationId, ids));
  const missing = ids.filter((id) => !live.has(id));
  if (missing.length > 0) throw invalidRequest(`target: not active users of this organization: ${missing.join(', ')}`);
}

/**
 * Whether a trigger's creator may address a target now: fires nobody requests at that moment (cron, event,
 * webhook) happen with the creator's rights, so a creator since demoted, suspended or deleted no longer speaks
 * in other people's threads.
 */
export async function creatorMayAddress(
  ex: Executor,
  projects: Pick<Projects, 'roleOf'>,
  trigger: Pick<TriggerRow, 'organizationId' | 'createdBy'>,
  target: TriggerTarget,
): Promise<boolean> {
  if (target.type !== 'project' && addressesOnly(target, trigger.createdBy)) return true;
  const role = await store.creatorRole(ex, trigger.organizationId, trigger.createdBy);
  if (role === null) return false;
  if (role === 'admin') return true;
  if (target.type !== 'project') return false;
  return (await projects.roleOf(trigger.organizationId, target.project_id, trigger.createdBy, ex)) === 'admin';
}

/**
 * An unattended fire happens while its agent or workflow is active and visible to its creator, and the creator
 * may still address its target.
 */
/** What an unattended fire asks of other modules about its creator's standing. */
export interface CreatorStanding {
  owners: TriggerOwners;
  projects: Pick<Projects, 'roleOf'>;
}

export async function creatorMayFire(tx: Executor, deps: CreatorStanding, trigger: TriggerRow): Promise<boolean> {
  const { organizationId: org, ownerType, ownerId, createdBy } = trigger;
  return (
    (await deps.owners.isActive(tx, org, ownerType, ownerId, createdBy)) &&
    (await creatorMayAddress(tx, deps.projects, trigger, trigger.target as TriggerTarget))
  );
}
