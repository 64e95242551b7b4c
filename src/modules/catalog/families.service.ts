import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client.ts';
import { onUniqueViolation } from '../../platform/db/errors.ts';
import { aiModelFamilies, aiModelVersions, aiProviders } from '../../platform/db/schema/index.ts';
import { conflict, invalidRequest, notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type {
  CreateModelFamilyInput,
  DeleteModelFamilyInput,
  ModelFamilyView,
  PatchModelFamilyInput,
} from './families.schemas.ts';

export type ModelFamilyRow = typeof aiModelFamilies.$inferSelect;

const live = (id: string) => and(eq(aiModelFamilies.id, id), isNull(aiModelFamilies.deletedAt));

function toView(row: ModelFamilyRow): ModelFamilyView {
  return {
    id: row.id,
    providerId: row.providerId,
    name: row.name,
    slug: row.slug,
    description: row.description,
    latestVersionId: row.latestVersionId,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A live family, or null; deleted families are invisible to every caller. */
export async function findLiveFamily(db: Executor, id: string): Promise<ModelFamilyRow | null> {
  const [row] = await db.select().from(aiModelFamilies).where(live(id));
  return row ?? null;
}

async function requireLiveProvider(db: Executor, providerId: string): Promise<void> {
  const [p] = await db
    .select({ id: aiProviders.id })
    .from(aiProviders)
    .where(and(eq(aiProviders.id, providerId), isNull(aiProviders.deletedAt)));
  if (!p) throw invalidRequest('providerId does not name an existing AI provider');
}

const withUniqueSlug = <T>(write: () => Promise<T>) =>
  onUniqueViolation(write, () =>
    conflict('duplicate_slug', 'A model family with this slug already exists for the provider'),
  );

export function createModelFamiliesService({ db }: { db: Executor }) {
  async function row(id: string, ex: Executor = db) {
    const found = await findLiveFamily(ex, id);
    if (!found) throw notFound('Model family');
    return found;
  }
  const get = async (id: string) => toView(await row(id));

  return {
    async list(filter: { provider_id?: string }) {
      const rows = await db
        .select()
        .from(aiModelFamilies)
        .where(
          and(
            isNull(aiModelFamilies.deletedAt),
            filter.provider_id ? eq(aiModelFamilies.providerId, filter.provider_id) : undefined,
          ),
        )
        .orderBy(asc(aiModelFamilies.name), asc(aiModelFamilies.id));
      return { data: rows.map(toView) };
    },
    get,

    /** Creating the slug of a deleted family of the same provider revives that family under its original id. */
    async create(input: CreateModelFamilyInput) {
      const id = await db.transaction(async (tx) => {
        await requireLiveProvider(tx, input.provider_id);
        const [taken] = await tx
          .select({ id: aiModelFamilies.id })
          .from(aiModelFamilies)
          .where(
            and(
              eq(aiModelFamilies.providerId, input.provider_id),
              eq(aiModelFamilies.slug, input.slug),
              isNull(aiModelFamilies.deletedAt),
            ),
          );
        if (taken) throw conflict('duplicate_slug', 'A model family with this slug already exists for the provider');
        const [deleted] = await tx
          .select({ id: aiModelFamilies.id })
          .from(aiModelFamilies)
          .where(and(eq(aiModelFamilies.providerId, input.provider_id), eq(aiModelFamilies.slug, input.slug)))
          .orderBy(desc(aiModelFamilies.deletedAt))
          .limit(1);
        if (deleted) {
          await withUniqueSlug(() =>
            tx
              .update(aiModelFamilies)
              .set({
                name: input.name,
                description: input.description ?? null,
                isActive: true,
                deletedAt: null,
                updatedAt: sql`now()`,
              })
              .where(eq(aiModelFamilies.id, deleted.id)),
          );
          return deleted.id;
        }
        const fresh = newId();
        await withUniqueSlug(() =>
          tx.insert(aiModelFamilies).values({
            id: fresh,
            providerId: input.provider_id,
            name: input.name,
            slug: input.slug,
            description: input.description ?? null,
          }),
        );
        return fresh;
      });
      return get(id);
    },

    async update(id: string, patch: PatchModelFamilyInput) {
      await db.transaction(async (tx) => {
        await row(id, tx);
        if (patch.provider_id !== undefined) await requireLiveProvider(tx, patch.provider_id);
        if (patch.latest_version_id) {
          const [own] = await tx
            .select({ id: aiModelVersions.id })
            .from(aiModelVersions)
            .where(and(eq(aiModelVersions.id, patch.latest_version_id), eq(aiModelVersions.familyId, id)));
          if (!own) throw invalidRequest('latestVersionId must name a version of this model family');
        }
        await withUniqueSlug(() =>
          tx
            .update(aiModelFamilies)
            .set({
              providerId: patch.provider_id,
              name: patch.name,
              slug: patch.slug,
              description: patch.description,
              latestVersionId: patch.latest_version_id,
              isActive: patch.is_active,
              updatedAt: sql`now()`,
            })
            .where(live(id)),
        );
      });
      return get(id);
    },

    /**
     * `soft: true` deactivates the family and its versions (200); otherwise the family is deleted (204). Later
     * issues add organization selections (moved to `replacementFamilyId`, 409 without one) and recorded usage
     * (which forces the soft path); neither exists yet.
     */
    async remove(id: string, options: DeleteModelFamilyInput): Promise<'deactivated' | 'deleted'> {
      return db.transaction(async (tx) => {
        await row(id, tx);
        if (options.replacement_family_id !== undefined) {
          if (options.replacement_family_id === id)
            throw invalidRequest('replacementFamilyId must name another model family');
          const replacement = await findLiveFamily(tx, options.replacement_family_id);
          if (!replacement?.isActive) throw invalidRequest('replacementFamilyId must name an active model family');
        }
        if (options.soft) {
          await tx.update(aiModelFamilies).set({ isActive: false, updatedAt: sql`now()` }).where(live(id));
          await tx
            .update(aiModelVersions)
            .set({ isActive: false, updatedAt: sql`now()` })
            .where(eq(aiModelVersions.familyId, id));
          return 'deactivated';
        }
        await tx.update(aiModelFamilies).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(live(id));
        return 'deleted';
      });
    },
  };
}

export type ModelFamiliesService = ReturnType<typeof createModelFamiliesService>;
