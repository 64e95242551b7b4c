import type { RequestContext, UserActor } from '../../platform/auth/actor.ts';
import { generatePassword, hashPassword, verifyPassword } from '../../platform/crypto/passwords.ts';
import type { Executor } from '../../platform/db/client.ts';
import { onUniqueViolation } from '../../platform/db/errors.ts';
import { type ApiError, conflict, invalidRequest, notFound, unauthorized } from '../../platform/http/errors.ts';
import { type Cursor, decodeCursor, toPage } from '../../platform/http/pagination.ts';
import { newId } from '../../platform/ids.ts';
import { checkConsoleRoleOnCreate, checkConsoleRoleOnUpdate } from './console-role-rules.ts';
import type { CreateUserInput, PatchUserInput } from './schemas.ts';
import { usersStore as store, type UserChanges, type UserRow } from './store.ts';
import { toMeView, toSystemUserView, toUserView, type UserView } from './views.ts';

const duplicateEmail = () => conflict('duplicate_email', 'A user with this email already exists');
const lastActiveAdmin = () => conflict('last_active_admin', 'The organization must keep at least one active admin');

/**
 * Who acts, and how a route refuses an action on one's own user (403 on org routes, 409 on console routes).
 * On the console an admin may edit their own profile, but not their own role.
 */
export interface ActingUser {
  userId: string | null;
  selfError: ApiError;
  selfMayEditProfile?: boolean;
}

function sessionUser(ctx: RequestContext): UserActor {
  if (ctx.actor.kind !== 'user') throw unauthorized('This route requires a user session token');
  return ctx.actor;
}

/** Whether a department of the organization exists (the departments module answers; app.ts wires it). */
export interface DepartmentCheck {
  exists(organizationId: string, departmentId: string, ex?: Executor): Promise<boolean>;
}

export function createUsersService({ db, departments }: { db: Executor; departments: DepartmentCheck }) {
  async function load(organizationId: string, userId: string, ex: Executor = db): Promise<UserRow> {
    const row = await store.findById(ex, organizationId, userId);
    if (!row) throw notFound('User');
    return row;
  }

  /** Refuses a change that would leave the organization without an active admin (caller holds a transaction). */
  async function guardLastAdmin(tx: Executor, target: UserRow, losesAdmin: boolean) {
    if (!losesAdmin || target.role !== 'admin' || target.isSuspended) return;
    if ((await store.countOtherActiveAdmins(tx, target.organizationId, target.id)) === 0) throw lastActiveAdmin();
  }

  function refuseSelf(acting: ActingUser, targetId: string, patch?: PatchUserInput) {
    if (acting.userId !== targetId) return;
    if (acting.selfMayEditProfile && patch && patch.role === undefined && patch.is_suspended === undefined) return;
    throw acting.selfError;
  }

  return {
    getById: async (organizationId: string, userId: string): Promise<UserView> =>
      toUserView(await load(organizationId, userId)),

    async getMe(ctx: RequestContext) {
      return toMeView(await load(ctx.organizationId, sessionUser(ctx).userId));
    },

    async updateMe(ctx: RequestContext, patch: { first_name?: string; last_name?: string; display_name?: string }) {
      const { userId } = sessionUser(ctx);
      await store.update(db, ctx.organizationId, userId, {
        firstName: patch.first_name,
        lastName: patch.last_name,
        displayName: patch.display_name,
      });
      return toUserView(await load(ctx.organizationId, userId));
    },

    /** Existing sessions stay valid: tokens are stateless and do not depend on the password. */
    async changeMyPassword(ctx: RequestContext, currentPassword: string, newPassword: string) {
      const { userId } = sessionUser(ctx);
      const hash = await store.findPasswordHash(db, ctx.organizationId, userId);
      if (!(await verifyPassword(hash, currentPassword))) throw invalidRequest('The current password is wrong');
      if (newPassword === currentPassword) throw invalidRequest('The new password must differ from the current one');
      await store.update(db, ctx.organizationId, userId, { passwordHash: await hashPassword(newPassword) });
    },

    lookup: (ctx: RequestContext, search: string | undefined, limit: number) =>
      store.lookup(db, ctx.organizationId, search?.trim() || undefined, limit),

    /** The caller's organization's users; its name comes with the credential, so the page needs no join. */
    async list(ctx: RequestContext, rawCursor: string | undefined, limit: number) {
      const rows = await store.list(db, ctx.organizationId, decodeCursor(rawCursor), limit);
      const cursorOf = (r: (typeof rows)[number]): Cursor => ({ v: r.createdAt.toISOString(), id: r.id });
      return toPage(rows, limit, cursorOf, (r) => toUserView(r, ctx.actor));
    },

    /**
     * Creates a user with a one-time temporary password, returned once. The bootstrap passes its transaction
     * and a chosen password.
     */
    async create(
      organizationId: string,
      organizationIsSystem: boolean,
      input: CreateUserInput,
      options: { ex?: Executor; password?: string } = {},
    ) {
      const ex = options.ex ?? db;
      const consoleRoleId = input.console_role_id ?? null;
      await checkConsoleRoleOnCreate(ex, organizationIsSystem, input.role, consoleRoleId);
      if (await store.emailTaken(ex, input.email)) throw duplicateEmail();
      const password = options.password ?? generatePassword();
      const id = newId();
      const passwordHash = await hashPassword(password);
      await onUniqueViolation(
        () =>
          store.insert(ex, {
            id,
            organizationId,
            firstName: input.first_name,
            lastName: input.last_name,
            displayName: input.display_name ?? null,
            email: input.email,
            passwordHash,
            role: input.role,
            isDeveloper: input.is_developer,
            consoleRoleId,
          }),
        duplicateEmail,
      );
      return { user: toUserView(await load(organizationId, id, ex)), password };
    },

    async update(organizationId: string, userId: string, patch: PatchUserInput, acting: ActingUser) {
      refuseSelf(acting, userId, patch);
      await db.transaction(async (tx) => {
        const target = await load(organizationId, userId, tx);
        await checkConsoleRoleOnUpdate(tx, target, patch);
        await guardLastAdmin(tx, target, patch.role === 'member' || patch.is_suspended === true);
        if (patch.department_id && !(await departments.exists(organizationId, patch.department_id, tx))) {
          throw invalidRequest('department_id: no such department in this organization');
        }
        const changes: UserChanges = {
          firstName: patch.first_name,
          lastName: patch.last_name,
          displayName: patch.display_name,
          role: patch.role,
          isDeveloper: patch.is_developer,
          consoleRoleId: patch.console_role_id,
          isSuspended: patch.is_suspended,
          departmentId: patch.department_id,
        };
        await store.update(tx, organizationId, userId, changes);
      });
      return toUserView(await load(organizationId, userId));
    },

    async setSuspended(organizationId: string, userId: string, suspended: boolean, acting: ActingUser) {
      refuseSelf(acting, userId);
      await db.transaction(async (tx) => {
        const target = await load(organizationId, userId, tx);
        if (suspended) await guardLastAdmin(tx, target, true);
        await store.update(tx, organizationId, userId, { isSuspended: suspended });
      });
      return toUserView(await load(organizationId, userId));
    },

    /** The console's view of an organization's people: all of them by email, with the total. */
    async listByEmail(organizationId: string) {
      const rows = await store.listByEmail(db, organizationId);
      return { data: rows.map((r) => toUserView(r)), has_more: false, next_cursor: null, total: rows.length };
    },

    /** The system organization's people with their console role. */
    listSystemUsers: async (organizationId: string) => ({
      data: (await store.listByEmail(db, organizationId)).map(toSystemUserView),
    }),

    getSystemUser: async (organizationId: string, userId: string) =>
      toSystemUserView(await load(organizationId, userId)),

    /** Soft delete: the user disappears from lists and sign-in; the address becomes free again. */
    async remove(organizationId: string, userId: string, acting: ActingUser) {
      refuseSelf(acting, userId);
      await db.transaction(async (tx) => {
        const target = await load(organizationId, userId, tx);
        await guardLastAdmin(tx, target, true);
        await store.update(tx, organizationId, userId, { deletedAt: new Date() });
      });
    },

    /** Sets the given password, or generates one; only a generated password is returned (once). */
    async setPassword(organizationId: string, userId: string, chosen: string | undefined) {
      await load(organizationId, userId);
      const password = chosen ?? generatePassword();
      await store.update(db, organizationId, userId, { passwordHash: await hashPassword(password) });
      return { user: toUserView(await load(organizationId, userId)), password: chosen === undefined ? password : null };
    },

    findForSignIn: (by: { email: string } | { userId: string }, now: Date) => store.findForSignIn(db, by, now),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
