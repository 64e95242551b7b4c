import type { Executor } from '../../platform/db/client.ts';
import { OFFLINE_CATALOG_ROWS } from '../../platform/models/index.ts';
import { offlineModelStore as store } from './store.ts';

/**
 * Inserts the built-in offline provider, its families and their active versions (the rows the model
 * gateway defines, OFFLINE_CATALOG_ROWS) when absent; runs at every start-up after migrations. Rows an operator
 * changed (or deleted) since are left as they are. Returns false when another live provider already holds the
 * `atrium` slug (then nothing is inserted).
 */
export async function seedOfflineModel(db: Executor): Promise<boolean> {
  return db.transaction((tx) => store.seed(tx, OFFLINE_CATALOG_ROWS));
}
