import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { FormField } from '../../../../components/FormField.tsx';
import styles from '../models.module.css';
import type { Provider } from '../models-api.ts';
import { useFamilies } from '../use-families.ts';
import { useImportVersions } from '../use-providers.ts';

/** The API takes at most this many ids in one import (src/modules/catalog/families.schemas.ts). */
const MAX_IMPORT = 100;

interface ImportModelsProps {
  provider: Provider;
  /** The ticked rows' vendor ids, in the listing's order. */
  modelIds: string[];
  onImported: () => void;
}

/** Imports exactly the ticked models into one of the provider's families, all or nothing. */
export function ImportModels({ provider, modelIds, onImported }: ImportModelsProps) {
  const families = useFamilies(provider.id);
  const importing = useImportVersions(provider.id);
  const [familyId, setFamilyId] = useState('');
  const [active, setActive] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const family = families.data?.find((f) => f.id === familyId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = !modelIds.length
      ? 'Tick the models to import first.'
      : modelIds.length > MAX_IMPORT
        ? `Import at most ${MAX_IMPORT} models at a time.`
        : !familyId
          ? 'Choose the family to import into.'
          : null;
    setRefusal(problem);
    if (problem) return;
    importing.mutate(
      { familyId, body: { model_ids: modelIds, ...(active ? { is_active: true } : {}) } },
      { onSuccess: onImported },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="field-group stack" aria-labelledby="import-heading">
      <h3 id="import-heading">Import selected ({modelIds.length})</h3>
      <FormField label="Into family" hint="Only families of this provider.">
        {(control) => (
          <select {...control} value={familyId} onChange={(e) => setFamilyId(e.target.value)}>
            <option value="">Choose a family</option>
            {families.data?.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
                {f.isActive ? '' : ' (inactive)'}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <label className={styles.option}>
        <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
        Import as active (otherwise the new versions stay inactive until checked)
      </label>
      {refusal && (
        <p role="alert" className="alert">
          {refusal}
        </p>
      )}
      <ErrorAlert error={importing.error} />
      {importing.isSuccess && (
        <p role="status">
          Imported {importing.data.length} version{importing.data.length === 1 ? '' : 's'}
          {family ? ` into ${family.name}` : ''}.
        </p>
      )}
      <div>
        <button type="submit" className="button button--primary" disabled={importing.isPending}>
          Import selected
        </button>
      </div>
    </form>
  );
}
