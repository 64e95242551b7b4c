import type { RequestContext } from '../../platform/auth/actor.ts';
import { digestApiKey, generateApiKey, visiblePrefix } from '../../platform/crypto/api-keys.ts';
import type { Executor } from '../../platform/db/client.ts';
import { onUniqueViolation } from '../../platform/db/errors.ts';
import { conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import { decodeCursor, toPage } from '../../platform/http/pagination.ts';
import { newId } from '../../platform/ids.ts';
import type { CreateServiceAccountInput, PatchServiceAccountInput } from './schemas.ts';
import { type ServiceAccountRow, serviceAccountsStore as store } from './store.ts';
import { toApiKeyView, toServiceAccountView } from './views.ts';

const nameTaken = () => conflict('duplicate_name', 'A service account with this name already exists');
const cursorOf = (r: { createdAt: Date; id: string }) => ({ v: r.createdAt.toISOString(), id: r.id });

/** Flags only the bootstrap sets; the public API always creates accounts without them. */
export interface PrincipalFlags {
  canAccessConsole: boolean;
  canMintCrossOrg: boolean;
}

/**
 * Only an organization admin may hand out the admin role or act on an account that holds it: the account's keys
 * act as an admin, so editing, suspending or deleting it, or issuing or revoking its keys, is admin business too.
 * Both refusals are 403 `forbidden_role`, the spec's code for a member elevating an account.
 */
function requireAdminFor(ctx: RequestContext, role: 'admin' | 'member' | undefined, action: string) {
  if (role === 'admin' && ctx.actor.role !== 'admin') {
    throw forbidden(`Only an organization admin can ${action}`, 'forbidden_role');
  }
}

const ADMIN_ACCOUNT = 'change an admin service account or its keys';

const withUniqueName = <T>(write: () => Promise<T>) => onUniqueViolation(write, nameTaken);

export function createServiceAccountsService({ db }: { db: Executor }) {
  async function load(organizationId: string, id: string): Promise<ServiceAccountRow> {
    const row = await store.findById(db, organizationId, id);
    if (!row) throw notFound('Service account');
    return row;
  }

  /**
   * The account a write acts on, locked in `tx` and refused when it holds the admin role and the caller does not:
   * the lock keeps an admin's concurrent role change from slipping between this check and the write.
   */
  async function lockForWrite(ctx: RequestContext, id: string, tx: Executor): Promise<ServiceAccountRow> {
    const row = await store.lock(tx, ctx.organizationId, id);
    if (!row) throw notFound('Service account');
    requireAdminFor(ctx, row.role, ADMIN_ACCOUNT);
    return row;
  }

  /** Inserts an account with one key in the caller's transaction; `plaintext` lets the bootstrap pin a key. */
  async function createWithKey(
    tx: Executor,
    organizationId: string,
    account: { name: string; description: string | null; role: 'admin' | 'member' } & PrincipalFlags,
    keyName: string,
    plaintext: string = generateApiKey(),
  ) {
    const row = await store.insert(tx, { id: newId(), organizationId, ...account });
    await store.insertKey(tx, {
      id: newId(),
      organizationId,
      serviceAccountId: row.id,
      name: keyName,
      prefix: visiblePrefix(plaintext),
      keyDigest: digestApiKey(plaintext),
    });
    return { account: row, key: plaintext };
  }

  return {
    createWithKey,

    async list(ctx: RequestContext, rawCursor: string | undefined, limit: number) {
      const rows = await store.list(db, ctx.organizationId, decodeCursor(rawCursor), limit);
      return toPage(rows, limit, cursorOf, toServiceAccountView);
    },

    /** Every live service account of an organization, for the console (organizations hold few). */
    listForOrganization: async (organizationId: string) => ({
      data: (await store.listAll(db, organizationId)).map(toServiceAccountView),
    }),

    get: async (ctx: RequestContext, id: string) => toServiceAccountView(await load(ctx.organizationId, id)),

    async create(ctx: RequestContext, input: CreateServiceAccountInput) {
      requireAdminFor(ctx, input.role, 'give a service account the admin role');
      const row = await withUniqueName(() =>
        store.insert(db, {
          id: newId(),
          organizationId: ctx.organizationId,
          name: input.name,
          description: input.description ?? null,
          role: input.role,
          createdByUserId: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
        }),
      );
      return toServiceAccountView(row);
    },

    async update(ctx: RequestContext, id: string, patch: PatchServiceAccountInput) {
      const row = await db.transaction(async (tx) => {
        await lockForWrite(ctx, id, tx);
        requireAdminFor(ctx, patch.role, 'give a service account the admin role');
        return withUniqueName(() =>
          store.update(tx, ctx.organizationId, id, {
            name: patch.name,
            description: patch.description,
            role: patch.role,
            isSuspended: patch.is_suspended,
          }),
        );
      });
      if (!row) throw notFound('Service account');
      return toServiceAccountView(row);
    },

    async remove(ctx: RequestContext, id: string) {
      await db.transaction(async (tx) => {
        await lockForWrite(ctx, id, tx);
        if (await store.hasUnrevokedKeys(tx, ctx.organizationId, id)) {
          throw conflict('has_live_keys', 'Revoke every API key of this service account before deleting it');
        }
        await store.update(tx, ctx.organizationId, id, { deletedAt: new Date() });
      });
    },

    async listKeys(ctx: RequestContext, id: string, rawCursor: string | undefined, limit: number) {
      await load(ctx.organizationId, id);
      const rows = await store.listKeys(db, ctx.organizationId, id, decodeCursor(rawCursor), limit);
      return toPage(rows, limit, cursorOf, toApiKeyView);
    },

    async issueKey(ctx: RequestContext, id: string, input: { name: string; expires_at?: string | null }) {
      const plaintext = generateApiKey();
      const row = await db.transaction(async (tx) => {
        const account = await lockForWrite(ctx, id, tx);
        if (account.isSuspended)
          throw conflict('service_account_suspended', 'A suspended service account cannot get keys');
        const keyId = newId();
        await store.insertKey(tx, {
          id: keyId,
          organizationId: ctx.organizationId,
          serviceAccountId: id,
          name: input.name,
          prefix: visiblePrefix(plaintext),
          keyDigest: digestApiKey(plaintext),
          createdByUserId: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
          expiresAt: input.expires_at ? new Date(input.expires_at) : null,
        });
        return store.findKey(tx, ctx.organizationId, id, keyId);
      });
      return { ...toApiKeyView(row!), key: plaintext };
    },

    async revokeKey(ctx: RequestContext, id: string, keyId: string) {
      await db.transaction(async (tx) => {
        // A deleted account is gone for every route under it, its keys included.
        await lockForWrite(ctx, id, tx);
        if (!(await store.revokeKey(tx, ctx.organizationId, id, keyId))) throw notFound('API key');
      });
    },
  };
}

export type ServiceAccountsService = ReturnType<typeof createServiceAccountsService>;
