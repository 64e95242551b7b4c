import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmAction } from '../../../../components/ConfirmAction.tsx';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { formatMinor } from '../../../billing/index.ts';
import { MODELS_ROOT } from '../ModelsLayout.tsx';
import styles from '../models.module.css';
import type { Family, Version } from '../models-api.ts';
import { useDeleteVersion } from '../use-families.ts';

/** Catalog prices are integer US cents per 1M tokens; shown as dollars, exactly. */
const perMillion = (cents: number | null) => (cents === null ? '—' : formatMinor(cents, 'USD'));

/** The family's versions with their prices, each to edit or delete (the API says why it refuses a delete). */
export function FamilyVersions({ family, versions }: { family: Family; versions: Version[] }) {
  const remove = useDeleteVersion();
  const [removing, setRemoving] = useState<Version | null>(null);
  return (
    <section aria-labelledby="family-versions" className={styles.section}>
      <h2 id="family-versions">Versions</h2>
      <p>
        <Link to={`${MODELS_ROOT}/families/${family.id}/versions/new`}>Add a version</Link>
      </p>
      {versions.length === 0 ? (
        <p className="empty">No versions yet: add one, or import them from the provider's page.</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">Versions of {family.name}</caption>
            <thead>
              <tr>
                <th scope="col">Model id</th>
                <th scope="col">Version</th>
                <th scope="col">Display name</th>
                <th scope="col">Modalities (in → out)</th>
                <th scope="col" className={styles.number}>
                  Input per 1M
                </th>
                <th scope="col" className={styles.number}>
                  Output per 1M
                </th>
                <th scope="col">State</th>
                <th scope="col">Delete</th>
              </tr>
            </thead>
            <tbody>
              {versions.map((v) => (
                <tr key={v.id}>
                  <th scope="row" className={styles.id}>
                    <Link to={`${MODELS_ROOT}/versions/${v.id}`}>{v.modelId}</Link>
                  </th>
                  <td>{v.version}</td>
                  <td>
                    {v.displayName}
                    {family.latestVersionId === v.id && <span className="tag"> Latest</span>}
                  </td>
                  <td>
                    {v.inputModalities.join(', ') || '—'} → {v.outputModalities.join(', ') || '—'}
                  </td>
                  <td className={styles.number}>{perMillion(v.inputCostPer1m)}</td>
                  <td className={styles.number}>{perMillion(v.outputCostPer1m)}</td>
                  <td>
                    {v.isActive ? 'Active' : <span className="tag tag--attention">Inactive</span>}
                    {v.upstream_deprecated && <span className="tag tag--attention"> Deprecated by vendor</span>}
                  </td>
                  <td>
                    <ConfirmAction
                      label="Delete"
                      name={`Delete ${v.modelId}`}
                      question={`Delete ${v.modelId}?`}
                      confirmLabel="Delete for good"
                      pending={remove.isPending}
                      onConfirm={() => {
                        setRemoving(v);
                        remove.mutate(v.id);
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {remove.isError && removing && <p className="muted">{removing.modelId} was not deleted:</p>}
      <ErrorAlert error={remove.error} />
    </section>
  );
}
