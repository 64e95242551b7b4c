import type { Executor } from '../../platform/db/client.ts';
import { invalidRequest } from '../../platform/http/errors.ts';
import type { PickerModel, SelectionKey, SelectionsInput, SelectionsView } from './selections.schemas.ts';
import { selectionsStore as store } from './selections.store.ts';

type Capability = Exclude<SelectionKey, 'thinking'>;

/** The keys a version supports: output modalities for capabilities, supportsThinking for the activity. */
export function supportedKeys(v: { outputModalities: string[]; supportsThinking: boolean }): SelectionKey[] {
  const keys: SelectionKey[] = (['text', 'image', 'audio', 'embeddings'] as const).filter((k) =>
    v.outputModalities.includes(k),
  );
  if (v.supportsThinking) keys.push('thinking');
  return keys;
}

export function createModelSelectionsService({ db }: { db: Executor }) {
  async function get(organizationId: string, ex: Executor = db): Promise<SelectionsView> {
    const rows = await store.listForOrganization(ex, organizationId);
    return { selections: rows as SelectionsView['selections'] };
  }

  return {
    /** The organization-facing picker: usable versions, optionally only those serving one capability. */
    async picker(filter: { capability?: Capability }): Promise<{ data: PickerModel[] }> {
      const rows = await store.picker(db, filter.capability);
      return {
        data: rows.map(({ outputModalities, supportsThinking, ...rest }) => ({
          ...rest,
          capabilities: supportedKeys({ outputModalities, supportsThinking }),
        })),
      };
    },

    get,

    /** Replaces the organization's selections wholesale; every version must be usable and support its key. */
    async replace(organizationId: string, input: SelectionsInput): Promise<SelectionsView> {
      return db.transaction(async (tx) => {
        await store.lockOrganization(tx, organizationId);
        const ids = [...new Set(input.selections.map((s) => s.model_version_id))];
        const byId = new Map((await store.usableByIds(tx, ids)).map((v) => [v.id, v]));
        for (const { key, model_version_id } of input.selections) {
          const version = byId.get(model_version_id);
          if (!version)
            throw invalidRequest(`selections: "${key}" must name an active model version of an active model family`);
          if (!supportedKeys(version).includes(key))
            throw invalidRequest(`selections: the model version chosen for "${key}" does not support "${key}"`);
        }
        await store.replace(
          tx,
          organizationId,
          input.selections.map((s) => ({ key: s.key, modelVersionId: s.model_version_id })),
        );
        return get(organizationId, tx);
      });
    },
  };
}

export type ModelSelectionsService = ReturnType<typeof createModelSelectionsService>;
