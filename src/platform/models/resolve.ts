import type { Executor } from '../db/client.ts';
import { ApiError } from '../http/errors.ts';
import { isUuid } from '../ids.ts';
import { OFFLINE_MODEL, OFFLINE_PROVIDER_ID } from './offline/catalog.ts';
import type {
  CatalogModelVersion,
  ModelCallContext,
  ModelCatalog,
  ModelGateway,
  ModelSelectionKey,
  ModelSource,
  ResolvedModel,
} from './types.ts';

const toResolved = (row: CatalogModelVersion, source: ModelSource): ResolvedModel => ({
  ...row,
  offline: row.providerId === OFFLINE_PROVIDER_ID,
  source,
});

export const invalidModel = (name: string) =>
  new ApiError(422, 'invalid_model', `Model "${name}" is not an active model version of the catalog`);

/**
 * DESIGN.md "Model resolution": the agent's model (a version id or a vendor modelId of a usable version), else
 * the organization's selection for the key, else the platform default: the system organization's selection,
 * else the built-in offline model. Only usable versions resolve (active version, active and live family, live
 * provider); a stale selection is passed over. Another organization's selection is never read.
 */
export async function resolveModel(
  catalog: ModelCatalog,
  db: Executor,
  ctx: ModelCallContext,
  opts: { agentModel?: string | null; key?: ModelSelectionKey } = {},
): Promise<ResolvedModel> {
  const agentModel = opts.agentModel?.trim();
  if (agentModel) {
    const row =
      (isUuid(agentModel) ? await catalog.usableVersionById(db, agentModel) : null) ??
      (await catalog.usableVersionByModelId(db, agentModel));
    if (!row) throw invalidModel(agentModel);
    return toResolved(row, 'agent');
  }
  const selected = await catalog.selectedVersion(db, ctx.organizationId, opts.key ?? 'text');
  if (selected) {
    const { fromOrganization, ...row } = selected;
    return toResolved(row, fromOrganization ? 'organization' : 'platform');
  }
  return { ...OFFLINE_MODEL };
}

/**
 * The organization's embeddings model: its `embeddings` selection, else the system organization's; null when
 * neither selected one (there is no fallback: search then stays full-text).
 */
export async function resolveEmbedder(
  catalog: ModelCatalog,
  db: Executor,
  organizationId: string,
): Promise<ResolvedModel | null> {
  const selected = await catalog.selectedVersion(db, organizationId, 'embeddings');
  if (!selected) return null;
  const { fromOrganization, ...row } = selected;
  return toResolved(row, fromOrganization ? 'organization' : 'platform');
}

/**
 * Whether `model` (a version id or vendor modelId) resolves to a usable version for the organization: the check
 * an agent's `config.model` and a workflow model step's `model` pass when they are written.
 */
export async function isUsableModel(
  gateway: Pick<ModelGateway, 'resolve'>,
  organizationId: string,
  model: string,
): Promise<boolean> {
  try {
    await gateway.resolve({ organizationId }, { agentModel: model });
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'invalid_model') return false;
    throw error;
  }
}
