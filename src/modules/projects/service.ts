import type { RequestContext, UserActor } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import { onUniqueViolation } from '../../platform/db/errors.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../platform/http/errors.ts';
import { decodeCursor, toPage } from '../../platform/http/pagination.ts';
import { newId } from '../../platform/ids.ts';
import { projectMembersStore as members } from './members.store.ts';
import type { PatchProjectInput } from './schemas.ts';
import { projectsStore as store } from './store.ts';
import { toMemberView, toProjectListRow, toProjectView } from './views.ts';

const nameInUse = () => conflict('duplicate_name', 'An active project with this name already exists');
const notProjectAdmin = () => forbidden('This requires the project admin role');

/** Projects are shared between people: the caller must be a user (a service account sees none). */
function viewer(ctx: RequestContext): UserActor {
  if (ctx.actor.kind !== 'user') throw forbidden('Projects are used through a user session');
  return ctx.actor;
}

export function createProjectsService({ db }: { db: Executor }) {
  /** The project as the caller sees it; invisible and missing projects are the same 404. */
  async function visible(ctx: RequestContext, projectId: string, ex: Executor = db) {
    const row = await store.findVisible(ex, ctx.organizationId, projectId, viewer(ctx).userId);
    if (!row) throw notFound('Project');
    return row;
  }

  async function administered(ctx: RequestContext, projectId: string, ex: Executor = db) {
    const row = await visible(ctx, projectId, ex);
    if (row.viewerRole !== 'admin') throw notProjectAdmin();
    return row;
  }

  return {
    visible,

    /**
     * The role a user holds in a project (its creator: admin), or null when they do not see it: the projects'
     * rule for work that has no request, such as a trigger firing with its creator's rights.
     */
    async roleOf(organizationId: string, projectId: string, userId: string, ex: Executor = db) {
      return (await store.findVisible(ex, organizationId, projectId, userId))?.viewerRole ?? null;
    },

    async list(ctx: RequestContext, archived: boolean, rawCursor: string | undefined, limit: number) {
      const rows = await store.listVisible(
        db,
        ctx.organizationId,
        viewer(ctx).userId,
        archived,
        decodeCursor(rawCursor),
        limit,
      );
      const cursorOf = (r: (typeof rows)[number]) => ({ v: r.project.createdAt.toISOString(), id: r.project.id });
      return toPage(rows, limit, cursorOf, toProjectListRow);
    },

    async create(ctx: RequestContext, input: { name: string; description?: string | null }) {
      const { userId } = viewer(ctx);
      const row = await onUniqueViolation(
        () =>
          store.insert(db, {
            id: newId(),
            organizationId: ctx.organizationId,
            name: input.name,
            description: input.description ?? null,
            createdBy: userId,
          }),
        nameInUse,
      );
      return toProjectView(row);
    },

    get: async (ctx: RequestContext, projectId: string) => toProjectView((await visible(ctx, projectId)).project),

    async update(ctx: RequestContext, projectId: string, patch: PatchProjectInput) {
      await administered(ctx, projectId);
      const row = await onUniqueViolation(() => store.update(db, ctx.organizationId, projectId, patch), nameInUse);
      return toProjectView(row);
    },

    async archive(ctx: RequestContext, projectId: string) {
      await administered(ctx, projectId);
      await store.update(db, ctx.organizationId, projectId, { status: 'archived' });
    },

    /** The creator (an implicit admin) first when they have no member row, then members by time added. */
    async listMembers(ctx: RequestContext, projectId: string) {
      const { project } = await visible(ctx, projectId);
      const rows = (await members.list(db, ctx.organizationId, projectId)).map(toMemberView);
      if (!rows.some((m) => m.user_id === project.createdBy)) {
        rows.unshift({
          project_id: project.id,
          user_id: project.createdBy,
          role: 'admin',
          added_by_user_id: null,
          added_at: project.createdAt.toISOString(),
          display_name: await members.displayNameOf(db, ctx.organizationId, project.createdBy),
        });
      }
      return { data: rows, has_more: false, next_cursor: null };
    },

    async addMember(ctx: RequestContext, projectId: string, input: { user_id: string; role: 'admin' | 'member' }) {
      const { project } = await administered(ctx, projectId);
      if (!(await store.userInOrganization(db, ctx.organizationId, input.user_id))) {
        throw unprocessable('user_id is not a user of this organization');
      }
      if (input.user_id === project.createdBy) throw conflict('already_member', 'The creator is already a member');
      await onUniqueViolation(
        () =>
          members.insert(db, {
            projectId,
            userId: input.user_id,
            organizationId: ctx.organizationId,
            role: input.role,
            addedByUserId: viewer(ctx).userId,
          }),
        () => conflict('already_member', 'The user is already a member of this project'),
      );
      return toMemberView((await members.find(db, ctx.organizationId, projectId, input.user_id))!);
    },

    async setMemberRole(ctx: RequestContext, projectId: string, userId: string, role: 'admin' | 'member') {
      await administered(ctx, projectId);
      if (!(await members.find(db, ctx.organizationId, projectId, userId))) throw notFound('Project member');
      await members.setRole(db, ctx.organizationId, projectId, userId, role);
      return toMemberView((await members.find(db, ctx.organizationId, projectId, userId))!);
    },

    /** Anyone may leave; removing someone else takes the project admin role. */
    async removeMember(ctx: RequestContext, projectId: string, userId: string) {
      const { viewerRole } = await visible(ctx, projectId);
      if (userId !== viewer(ctx).userId && viewerRole !== 'admin') throw notProjectAdmin();
      if (!(await members.remove(db, ctx.organizationId, projectId, userId))) throw notFound('Project member');
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
