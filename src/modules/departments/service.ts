import type { RequestContext } from '../../platform/auth/actor.ts';
import { insertWithinCap } from '../../platform/db/capped.ts';
import type { Executor } from '../../platform/db/client.ts';
import { lockForTransaction } from '../../platform/db/locks.ts';
import { conflict, invalidRequest, notFound } from '../../platform/http/errors.ts';
import { decodeCursor, toPage } from '../../platform/http/pagination.ts';
import { newId } from '../../platform/ids.ts';
import type { CreateDepartmentInput, PatchDepartmentInput } from './schemas.ts';
import { type DepartmentChanges, type DepartmentRow, departmentsStore as store } from './store.ts';
import { toDepartmentView } from './views.ts';

/** Departments per organization. */
export const MAX_DEPARTMENTS = 1000;

/** A cursor's sort value is a lower-cased name, at most 200 characters. */
const isSortValue = (v: string) => v.length <= 200;

/**
 * Every change to an organization's tree (a new department under a parent, a move, a delete) holds this lock
 * until its transaction ends, so two moves racing cannot together form a cycle nor a child land under a
 * department being deleted. It is also the lock of the departments cap (insertWithinCap locks on `what`).
 */
const TREE = 'departments';
const lockTree = (tx: Executor, organizationId: string) => lockForTransaction(tx, TREE, organizationId);

/** An organization's departments: a tree through parent_department_id, managed by its admins. */
export function createDepartmentsService(deps: { db: Executor }) {
  const { db } = deps;

  async function existing(ex: Executor, organizationId: string, id: string): Promise<DepartmentRow> {
    const row = await store.find(ex, organizationId, id);
    if (!row) throw notFound('Department');
    return row;
  }

  async function assertParent(ex: Executor, organizationId: string, parentId: string | null | undefined) {
    if (parentId && !(await store.find(ex, organizationId, parentId))) {
      throw invalidRequest('parent_department_id: no such department in this organization');
    }
  }

  return {
    async list(ctx: RequestContext, query: { cursor?: string | undefined; limit: number }) {
      const rows = await store.page(db, ctx.organizationId, decodeCursor(query.cursor, isSortValue), query.limit);
      return toPage(rows, query.limit, (r) => ({ v: r.name.toLowerCase(), id: r.id }), toDepartmentView);
    },

    async create(ctx: RequestContext, input: CreateDepartmentInput) {
      const org = ctx.organizationId;
      const row = await insertWithinCap(
        db,
        { what: TREE, scopeId: org, max: MAX_DEPARTMENTS },
        (tx) => store.count(tx, org),
        async (tx) => {
          await assertParent(tx, org, input.parent_department_id);
          return store.insert(tx, {
            id: newId(),
            organizationId: org,
            parentDepartmentId: input.parent_department_id ?? null,
            name: input.name,
            description: input.description || null,
          });
        },
      );
      return toDepartmentView(row);
    },

    async update(ctx: RequestContext, id: string, patch: PatchDepartmentInput) {
      const org = ctx.organizationId;
      const row = await db.transaction(async (tx) => {
        await lockTree(tx, org);
        await existing(tx, org, id);
        const changes: DepartmentChanges = {};
        if (patch.name !== undefined) changes.name = patch.name;
        if (patch.description !== undefined) changes.description = patch.description || null;
        if (patch.parent_department_id !== undefined) {
          const parent = patch.parent_department_id;
          await assertParent(tx, org, parent);
          // Under itself or under one of its descendants, the department would be its own ancestor.
          if (parent && (await store.isWithin(tx, org, parent, id))) {
            throw invalidRequest('parent_department_id: the move would make the department its own ancestor');
          }
          changes.parentDepartmentId = parent;
        }
        return store.update(tx, org, id, changes);
      });
      return toDepartmentView(row);
    },

    /** 409 while it has child departments or usage events name it; its users are left without a department. */
    async remove(ctx: RequestContext, id: string): Promise<void> {
      const org = ctx.organizationId;
      await db.transaction(async (tx) => {
        await lockTree(tx, org);
        await existing(tx, org, id);
        if (await store.hasChildren(tx, org, id)) {
          throw conflict('department_has_children', 'The department has child departments; move or delete them first');
        }
        if (await store.hasUsage(tx, org, id)) {
          throw conflict('department_in_use', 'Usage events reference the department, so it is kept for the reports');
        }
        await store.delete(tx, org, id);
      });
    },

    /**
     * For the users module: whether `id` is a department of the organization (an org-user PATCH names one); in
     * the caller's transaction it then stays until that transaction ends.
     */
    exists: async (organizationId: string, id: string, ex: Executor = db) =>
      (await store.findKeyShared(ex, organizationId, id)) !== null,
  };
}

export type DepartmentsService = ReturnType<typeof createDepartmentsService>;
