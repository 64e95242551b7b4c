import { useState } from 'react';
import { ConfirmAction } from '../../../../components/ConfirmAction.tsx';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { FormField } from '../../../../components/FormField.tsx';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import styles from '../models.module.css';
import type { Family, FamilyRemoval, FamilyUsage } from '../models-api.ts';
import { useDeleteFamily, useFamilies, useFamilyUsage } from '../use-families.ts';

/**
 * Deleting a family: first what uses it (organizations' selections, recorded usage), then where the selections
 * go (another active family's latest version) or a soft delete. The API deactivates instead of deleting when
 * usage was recorded, and says so (200 rather than 204).
 */
export function DeleteFamily({ family }: { family: Family }) {
  const usage = useFamilyUsage(family.id);
  return (
    <section aria-labelledby="family-delete" className={styles.section}>
      <h2 id="family-delete">Delete</h2>
      {usage.isPending && <Loading label="Loading what uses this family…" />}
      {usage.isError && <LoadError error={usage.error} onRetry={() => usage.refetch()} />}
      {usage.isSuccess && (
        <>
          <UsageReport usage={usage.data} />
          <Removal family={family} selections={usage.data.selections.length} />
        </>
      )}
    </section>
  );
}

function UsageReport({ usage }: { usage: FamilyUsage }) {
  return (
    <div className="stack">
      <h3>What uses it</h3>
      {usage.selections.length === 0 ? (
        <p>No organization selects a version of this family.</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">Organizations' selections of this family</caption>
            <thead>
              <tr>
                <th scope="col">Organization</th>
                <th scope="col">Selected for</th>
                <th scope="col">Version</th>
              </tr>
            </thead>
            <tbody>
              {usage.selections.map((s) => (
                <tr key={`${s.organization_id} ${s.key}`}>
                  <th scope="row">{s.organization_name}</th>
                  <td>{s.key}</td>
                  <td className={styles.id}>{s.model_id}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        {usage.has_recorded_usage
          ? 'Usage was recorded against its versions: it will be deactivated, not deleted.'
          : 'No usage was recorded against its versions.'}
      </p>
    </div>
  );
}

function Removal({ family, selections }: { family: Family; selections: number }) {
  const others = useFamilies(null);
  const remove = useDeleteFamily(family.id);
  const [replacement, setReplacement] = useState('');
  const [soft, setSoft] = useState(false);
  const candidates = (others.data ?? []).filter((f) => f.isActive && f.id !== family.id);
  const removal: FamilyRemoval = {
    ...(replacement ? { replacement_family_id: replacement } : {}),
    ...(soft ? { soft: true } : {}),
  };

  if (remove.isSuccess) {
    return (
      <p role="status">
        {remove.data === 'deactivated'
          ? `${family.name} and its versions were deactivated (usage references them, or you asked for it).`
          : `${family.name} was deleted.`}
      </p>
    );
  }
  return (
    <div className="stack">
      <FormField
        label="Move selections to"
        hint={
          selections > 0
            ? "Required: organizations' selections move to this family's latest version."
            : 'Optional: no organization selects this family.'
        }
      >
        {(control) => (
          <select {...control} value={replacement} onChange={(e) => setReplacement(e.target.value)}>
            <option value="">No replacement</option>
            {candidates.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <label className={styles.option}>
        <input type="checkbox" checked={soft} onChange={(e) => setSoft(e.target.checked)} />
        Only deactivate it and its versions (soft delete)
      </label>
      <div>
        <ConfirmAction
          label="Delete family"
          name={`Delete family ${family.name}`}
          question={`Delete ${family.name}?${replacement ? ' Its selections move first.' : ''}`}
          confirmLabel={soft ? 'Deactivate' : 'Delete'}
          pending={remove.isPending}
          onConfirm={() => remove.mutate(removal)}
        />
      </div>
      <ErrorAlert error={remove.error} />
    </div>
  );
}
