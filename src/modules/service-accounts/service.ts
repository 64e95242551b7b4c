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

function refuseElevation(ctx: RequestContext, role: 'admin' | 'member' | undefined) {
  if (role === 'admin' && ctx.actor.role !== 'admin') {
    throw forbidden('Only an admin can give a service account the admin role', 'forbidden_role');
  }
}

const withUniqueName = <T>(write: () => Promise<T>) => onUniqueViolation(write, nameTaken);

export function createServiceAccountsService({ db }: { db: Executor }) {
  async function load(organizationId: string, id: string, ex: Executor = db): Promise<ServiceAccountRow> {
    const row = await store.findById(ex, organizationId, id);
    if (!row) throw notFound('Service account');
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
      refuseElevation(ctx, input.role);
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
      await load(ctx.organizationId, id);
      refuseElevation(ctx, patch.role);
      const row = await withUniqueName(() =>
        store.update(db, ctx.organizationId, id, {
          name: patch.name,
          description: patch.description,
          role: patch.role,
          isSuspended: patch.is_suspended,
        }),
      );
      if (!row) throw notFound('Service account');
      return toServiceAccountView(row);
    },

    async remove(ctx: RequestContext, id: string) {
      await db.transaction(async (tx) => {
        await load(ctx.organizationId, id, tx);
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
      const account = await load(ctx.organizationId, id);
      if (account.isSuspended)
        throw conflict('service_account_suspended', 'A suspended service account cannot get keys');
      // A key acts with its account's role: issuing one for an admin account is as much an elevation as the role.
      refuseElevation(ctx, account.role);
      const plaintext = generateApiKey();
      const keyId = newId();
      await store.insertKey(db, {
        id: keyId,
        organizationId: ctx.organizationId,
        serviceAccountId: id,
        name: input.name,
        prefix: visiblePrefix(plaintext),
        keyDigest: digestApiKey(plaintext),
        createdByUserId: ctx.actor.kind === 'user' ? ctx.actor.userId : null,
        expiresAt: input.expires_at ? new Date(input.expires_at) : null,
      });
      const row = await store.findKey(db, ctx.organizationId, id, keyId);
      return { ...toApiKeyView(row!), key: plaintext };
    },

    async revokeKey(ctx: RequestContext, id: string, keyId: string) {
      // A deleted account is gone for every route under it, its keys included.
      await load(ctx.organizationId, id);
      if (!(await store.revokeKey(db, ctx.organizationId, id, keyId))) throw notFound('API key');
    },
  };
}

export type ServiceAccountsService = ReturnType<typeof createServiceAccountsService>;
