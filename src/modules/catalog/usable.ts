import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgSelectBase, PgSelectWithout, SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db/client.ts';
import { aiModelFamilies, aiModelVersions, aiProviders } from '../../platform/db/schema/index.ts';

/**
 * Which versions may be picked, selected and called: active versions of active, live families of live providers.
 * Conditions over ai_model_versions joined to its family and provider (as `usableVersions` joins them).
 */
export const usable: SQL[] = [
  eq(aiModelVersions.isActive, true),
  eq(aiModelFamilies.isActive, true),
  isNull(aiModelFamilies.deletedAt),
  isNull(aiProviders.deletedAt),
];

/** What `usableVersions` returns: the joined select with its `where` set, still open to orderBy and limit. */
type UsableVersionsQuery<T extends SelectedFields> = PgSelectWithout<
  PgSelectBase<
    'ai_model_versions',
    T,
    'partial',
    Record<'ai_model_versions' | 'ai_model_families' | 'ai_providers', 'not-null'>
  >,
  false,
  'where'
>;

/** `columns` of the usable versions (joined to their family and provider), narrowed by `where`. */
export function usableVersions<T extends SelectedFields>(
  db: Executor,
  columns: T,
  ...where: (SQL | undefined)[]
): UsableVersionsQuery<T> {
  // Drizzle cannot follow its join types through a generic selection: the result is typed by hand above.
  return db
    .select(columns as SelectedFields)
    .from(aiModelVersions)
    .innerJoin(aiModelFamilies, eq(aiModelFamilies.id, aiModelVersions.familyId))
    .innerJoin(aiProviders, eq(aiProviders.id, aiModelFamilies.providerId))
    .where(and(...usable, ...where)) as unknown as UsableVersionsQuery<T>;
}
