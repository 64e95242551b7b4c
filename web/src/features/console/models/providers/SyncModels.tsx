import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { MODELS_ROOT } from '../ModelsLayout.tsx';
import styles from '../models.module.css';
import type { Family, Provider, SyncResult } from '../models-api.ts';
import { useFamilies } from '../use-families.ts';
import { useSyncModels } from '../use-providers.ts';

/**
 * Compares the provider's tracked versions with a fresh vendor listing. The API only updates what the vendor
 * states; it never adds, deactivates or renames versions, so what it reports is for the operator to act on.
 */
export function SyncModels({ provider }: { provider: Provider }) {
  const families = useFamilies(provider.id);
  const sync = useSyncModels(provider.id);
  const [scope, setScope] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string, on: boolean) =>
    setScope((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section aria-labelledby="sync-models" className={styles.section}>
      <h2 id="sync-models">Sync with the vendor</h2>
      <p>Updates what the vendor states about tracked versions and reports the ones it no longer lists.</p>
      {families.data && families.data.length > 0 && (
        <fieldset className="stack">
          <legend>Only these families (none ticked: all of them)</legend>
          <div className={styles.options}>
            {families.data.map((family) => (
              <label key={family.id} className="choice">
                <input
                  type="checkbox"
                  checked={scope.has(family.id)}
                  onChange={(e) => toggle(family.id, e.target.checked)}
                />
                {family.name}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div>
        <button
          type="button"
          className="button button--primary"
          disabled={sync.isPending}
          onClick={() => sync.mutate(scope.size ? [...scope] : undefined)}
        >
          {sync.isPending ? 'Syncing…' : 'Sync models'}
        </button>
      </div>
      <ErrorAlert error={sync.error} />
      {sync.data && <SyncReport result={sync.data} families={families.data ?? []} />}
    </section>
  );
}

function SyncReport({ result, families }: { result: SyncResult; families: Family[] }) {
  const familyName = (id: string) => families.find((f) => f.id === id)?.name ?? id;
  return (
    <div role="status" className="stack">
      {result.errors.length > 0 && (
        <div className="alert">
          <p>Nothing was compared:</p>
          <ul>
            {result.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      )}
      <dl className="facts">
        <dt>Updated</dt>
        <dd>{result.updated}</dd>
        <dt>Unchanged</dt>
        <dd>{result.unchanged}</dd>
        <dt>No longer listed</dt>
        <dd>{result.unlisted.length}</dd>
        <dt>Deprecated by the vendor</dt>
        <dd>{result.deprecated.length}</dd>
      </dl>
      <VersionRefs title="No longer listed by the vendor" refs={result.unlisted} familyName={familyName} />
      <VersionRefs title="Deprecated by the vendor" refs={result.deprecated} familyName={familyName} />
    </div>
  );
}

function VersionRefs({
  title,
  refs,
  familyName,
}: {
  title: string;
  refs: SyncResult['unlisted'];
  familyName: (id: string) => string;
}) {
  if (refs.length === 0) return null;
  return (
    <div>
      <h3>{title}</h3>
      <ul aria-label={title}>
        {refs.map((ref) => (
          <li key={ref.id}>
            <Link to={`${MODELS_ROOT}/versions/${ref.id}`}>{ref.model_id}</Link> ({ref.version},{' '}
            {familyName(ref.family_id)})
          </li>
        ))}
      </ul>
    </div>
  );
}
