import { principalIdOf, type RequestContext } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import { onUniqueViolation } from '../../platform/db/errors.ts';
import { conflict, forbidden, notFound, unprocessable } from '../../platform/http/errors.ts';
import { decodeCursor, toPage } from '../../platform/http/pagination.ts';
import { newId } from '../../platform/ids.ts';
import { projectMembersStore as members, type PrincipalKind } from './members.store.ts';
import type { AddMemberInput, PatchProjectInput } from './schemas.ts';
import { projectsStore as store } from './store.ts';
import { toCreatorView, toMemberView, toProjectListRow, toProjectView } from './views.ts';

const nameInUse = () => conflict('duplicate_name', 'An active project with this name already exists');
const notProjectAdmin = () => forbidden('This requires the project admin role');

/** The principal an add-member body names: exactly one of its two ids. */
function newMemberOf(input: AddMemberInput): { kind: PrincipalKind; id: string; field: string; label: string } {
  if ((input.user_id === undefined) === (input.service_account_id === undefined)) {
    throw unprocessable('Give exactly one of user_id and service_account_id');
  }
  return input.user_id !== undefined
    ? { kind: 'user', id: input.user_id, field: 'user_id', label: 'user' }
    : { kind: 'service_account', id: input.service_account_id!, field: 'service_account_id', label: 'service account' };
}

export function createProjectsService({ db }: { db: Executor }) {
  /** The project as the caller sees it; invisible and missing projects are the same 404. */
  async function visible(ctx: RequestContext, projectId: string, ex: Executor = db) {
    const row = await store.findVisible(ex, ctx.organizationId, projectId, principalIdOf(ctx));
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
     * The role a principal (user or service account) holds in a project (its creator: admin), or null when it does
     * not see it: the projects' rule for work that has no request, such as a trigger firing with its creator's rights.
     */
    async roleOf(organizationId: string, projectId: string, principalId: string, ex: Executor = db) {
      return (await store.findVisible(ex, organizationId, projectId, principalId))?.viewerRole ?? null;
    },

    async list(ctx: RequestContext, archived: boolean, rawCursor: string | undefined, limit: number) {
      const rows = await store.listVisible(
        db,
        ctx.organizationId,
        principalIdOf(ctx),
        archived,
        decodeCursor(rawCursor),
        limit,
      );
      const cursorOf = (r: (typeof rows)[number]) => ({ v: r.project.createdAt.toISOString(), id: r.project.id });
      return toPage(rows, limit, cursorOf, toProjectListRow);
    },

    async create(ctx: RequestContext, input: { name: string; description?: string | null }) {
      const row = await onUniqueViolation(
        () =>
          store.insert(db, {
            id: newId(),
            organizationId: ctx.organizationId,
            name: input.name,
            description: input.description ?? null,
            createdBy: principalIdOf(ctx),
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

    /** The creator (an implicit admin) first when it has no member row, then members by time added. */
    async listMembers(ctx: RequestContext, projectId: string) {
      const { project } = await visible(ctx, projectId);
      const rows = await members.list(db, ctx.organizationId, projectId);
      const data = rows.map(toMemberView);
      if (!rows.some((m) => m.memberId === project.createdBy)) {
        const creator = await members.principal(db, ctx.organizationId, project.createdBy);
        data.unshift(toCreatorView(project, creator ?? { kind: 'user', displayName: '' }));
      }
      return { data, has_more: false, next_cursor: null };
    },

    /** A live user or service account of the organization; the key that adds one is recorded as its adder. */
    async addMember(ctx: RequestContext, projectId: string, input: AddMemberInput) {
      const member = newMemberOf(input);
      const { project } = await administered(ctx, projectId);
      const found = await members.principal(db, ctx.organizationId, member.id);
      if (found?.kind !== member.kind || found.deleted) {
        throw unprocessable(`${member.field} is not a ${member.label} of this organization`);
      }
      if (member.id === project.createdBy) throw conflict('already_member', 'The creator is already a member');
      const { actor } = ctx;
      await onUniqueViolation(
        () =>
          members.insert(db, {
            projectId,
            userId: member.kind === 'user' ? member.id : null,
            serviceAccountId: member.kind === 'service_account' ? member.id : null,
            organizationId: ctx.organizationId,
            role: input.role,
            addedByUserId: actor.kind === 'user' ? actor.userId : null,
            addedByServiceAccountId: actor.kind === 'service_account' ? actor.serviceAccountId : null,
          }),
        () => conflict('already_member', `The ${member.label} is already a member of this project`),
      );
      return toMemberView((await members.find(db, ctx.organizationId, projectId, member.id))!);
    },

    /** `memberId` is the member's user or service account id. */
    async setMemberRole(ctx: RequestContext, projectId: string, memberId: string, role: 'admin' | 'member') {
      await administered(ctx, projectId);
      if (!(await members.find(db, ctx.organizationId, projectId, memberId))) throw notFound('Project member');
      await members.setRole(db, ctx.organizationId, projectId, memberId, role);
      return toMemberView((await members.find(db, ctx.organizationId, projectId, memberId))!);
    },

    /** Anyone may leave; removing someone else takes the project admin role. */
    async removeMember(ctx: RequestContext, projectId: string, memberId: string) {
      const { viewerRole } = await visible(ctx, projectId);
      if (memberId !== principalIdOf(ctx) && viewerRole !== 'admin') throw notProjectAdmin();
      if (!(await members.remove(db, ctx.organizationId, projectId, memberId))) throw notFound('Project member');
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
