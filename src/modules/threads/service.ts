import { principalIdOf, type RequestContext } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import { type InternalEvents, threadEvent } from '../../platform/events/internal.ts';
import { forbidden, invalidRequest, notFound } from '../../platform/http/errors.ts';
import { decodeCursor, toPage } from '../../platform/http/pagination.ts';
import { newId } from '../../platform/ids.ts';
import type { ProjectsService } from '../projects/service.ts';
import type { CreateThreadInput, PatchThreadInput, ThreadListFilters } from './schemas.ts';
import { threadsStore as store, type ThreadChanges, type ThreadRow, type Viewer } from './store.ts';
import { toThreadView, toThreadWithRunView } from './views.ts';

export { type PreparedViewer, threadVisibleTo } from './visibility.ts';
export type { ThreadRow, Viewer };
export { toThreadView };

/**
 * Whether an agent or workflow id names a live resource of the organization that the creating principal (user
 * or service account id) may use: a private one only by its creator.
 */
export interface ThreadCreators {
  isActive(
    db: Executor,
    organizationId: string,
    type: 'agent' | 'workflow',
    id: string,
    principalId: string,
  ): Promise<boolean>;
}

export const viewerOf = (ctx: RequestContext): Viewer => ({ principalId: principalIdOf(ctx) });

export function createThreadsService(deps: {
  db: Executor;
  projects: Pick<ProjectsService, 'visible'>;
  creators: ThreadCreators;
  /** Where a new thread is announced to event triggers, in the creating transaction. */
  internalEvents: InternalEvents;
}) {
  const { db } = deps;

  /** A project the caller (a user or a service account) is on; any other is a plain 404. */
  const usableProject = (ctx: RequestContext, projectId: string, ex: Executor) =>
    deps.projects.visible(ctx, projectId, ex);

  /** The thread as the caller sees it, with its live run; invisible and missing are the same 404. */
  async function getVisible(ctx: RequestContext, threadId: string, ex: Executor = db) {
    const row = await store.findVisible(ex, ctx.organizationId, threadId, viewerOf(ctx));
    if (!row) throw notFound('Thread');
    return row;
  }

  async function createRow(ctx: RequestContext, input: CreateThreadInput, ex: Executor = db): Promise<ThreadRow> {
    if (input.project_id) await usableProject(ctx, input.project_id, ex);
    let createdById = principalIdOf(ctx);
    if (input.created_by_type !== 'user') {
      const id = input.created_by_id;
      if (!id) throw invalidRequest(`created_by_id is required when created_by_type is ${input.created_by_type}`);
      if (!(await deps.creators.isActive(ex, ctx.organizationId, input.created_by_type, id, principalIdOf(ctx)))) {
        throw invalidRequest(`created_by_id is not an active ${input.created_by_type} of this organization`);
      }
      createdById = id;
    }
    const row = await store.insert(ex, {
      id: newId(),
      organizationId: ctx.organizationId,
      ownerId: principalIdOf(ctx),
      createdByType: input.created_by_type,
      createdById,
      title: input.title || null,
      projectId: input.project_id ?? null,
    });
    await deps.internalEvents.emit(ex, row.organizationId, 'thread.created', threadEvent(row));
    return row;
  }

  return {
    getVisible: async (ctx: RequestContext, threadId: string, ex: Executor = db): Promise<ThreadRow> =>
      (await getVisible(ctx, threadId, ex)).thread,

    /** A thread made by a trigger (owner = its target, attributed to the agent or workflow); the caller checked. */
    insertForTrigger: (ex: Executor, row: Parameters<typeof store.insert>[1]) => store.insert(ex, row),

    /** A thread by id within the organization, for background work that already holds its run. */
    find: (organizationId: string, threadId: string, ex: Executor = db) => store.find(ex, organizationId, threadId),
    findForRun: (organizationId: string, threadId: string) => store.findForRun(db, organizationId, threadId),

    get: async (ctx: RequestContext, threadId: string) => toThreadWithRunView(await getVisible(ctx, threadId)),

    async list(ctx: RequestContext, filters: ThreadListFilters) {
      const rows = await store.listVisible(
        db,
        ctx.organizationId,
        viewerOf(ctx),
        filters,
        decodeCursor(filters.cursor),
      );
      return toPage(rows, filters.limit, (r) => ({ v: r.createdAt.toISOString(), id: r.id }), toThreadView);
    },

    create: async (ctx: RequestContext, input: CreateThreadInput, ex: Executor = db) =>
      toThreadView(await createRow(ctx, input, ex)),

    /** The new thread's row, for a caller that goes on writing in the same transaction. */
    createRow,

    /** The owner or an admin of the thread's project may change it; other viewers get 403. */
    async update(ctx: RequestContext, threadId: string, patch: PatchThreadInput) {
      const { thread } = await getVisible(ctx, threadId);
      if (thread.ownerId !== principalIdOf(ctx)) {
        const project = thread.projectId ? await usableProject(ctx, thread.projectId, db) : null;
        if (project?.viewerRole !== 'admin')
          throw forbidden('Only the thread creator or a project admin may change it');
      }
      if (patch.project_id) await usableProject(ctx, patch.project_id, db);
      const changes: ThreadChanges = {};
      if (patch.title !== undefined) changes.title = patch.title || null;
      if (patch.project_id !== undefined) changes.projectId = patch.project_id;
      if (patch.is_pinned !== undefined) changes.isPinned = patch.is_pinned;
      if (Object.keys(changes).length > 0) await store.update(db, ctx.organizationId, threadId, changes);
      // A project admin who moves a thread out of the project no longer sees it, yet the change is theirs to read.
      const changed = await store.findWithRun(db, ctx.organizationId, threadId);
      if (!changed) throw notFound('Thread');
      return toThreadWithRunView(changed);
    },
  };
}

export type ThreadsService = ReturnType<typeof createThreadsService>;
