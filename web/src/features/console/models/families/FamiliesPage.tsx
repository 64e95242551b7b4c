import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormField } from '../../../../components/FormField.tsx';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { MODELS_ROOT } from '../ModelsLayout.tsx';
import styles from '../models.module.css';
import type { Family, Provider } from '../models-api.ts';
import { useCreateFamily, useFamilies } from '../use-families.ts';
import { useProviders } from '../use-providers.ts';
import { FamilyForm } from './FamilyForm.tsx';
import { familyFormValues, newFamilyBody } from './family-form.ts';

/** The provider filter lives in the address (`?provider=<id>`), so a filtered list can be linked and reloaded. */
function useProviderFilter(): [string | null, (id: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = (id: string | null) => setParams(id ? { provider: id } : {}, { replace: true });
  return [params.get('provider'), set];
}

/** The model families by name, of every provider or one, and a form to add one. */
export function FamiliesPage() {
  const [providerId, setProviderId] = useProviderFilter();
  const providers = useProviders();
  const families = useFamilies(providerId);
  const providerList = providers.data ?? [];
  return (
    <div className={`page stack ${styles.page}`}>
      <h1>Model families</h1>
      <search>
        <FormField label="Filter by provider">
          {(control) => (
            <select {...control} value={providerId ?? ''} onChange={(e) => setProviderId(e.target.value || null)}>
              <option value="">Every provider</option>
              {providerList.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </search>
      {families.isPending && <Loading label="Loading the families…" />}
      {families.isError && <LoadError error={families.error} onRetry={() => families.refetch()} />}
      {families.isSuccess && families.data.length === 0 && <p className="empty">No model families.</p>}
      {families.isSuccess && families.data.length > 0 && (
        <FamilyTable families={families.data} providers={providerList} />
      )}
      {providers.isError && <LoadError error={providers.error} onRetry={() => providers.refetch()} />}
      {providers.isSuccess && <AddFamily providers={providerList} providerId={providerId} />}
    </div>
  );
}

function FamilyTable({ families, providers }: { families: Family[]; providers: Provider[] }) {
  const providerName = (id: string) => providers.find((p) => p.id === id)?.name ?? '—';
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption className="visually-hidden">Model families</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Slug</th>
            <th scope="col">Provider</th>
            <th scope="col">State</th>
          </tr>
        </thead>
        <tbody>
          {families.map((family) => (
            <tr key={family.id}>
              <th scope="row">
                <Link to={`${MODELS_ROOT}/families/${family.id}`}>{family.name}</Link>
              </th>
              <td className={styles.id}>{family.slug}</td>
              <td>{providerName(family.providerId)}</td>
              <td>{family.isActive ? 'Active' : <span className="tag tag--attention">Inactive</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A new family opens at once: its versions are added or imported there. */
function AddFamily({ providers, providerId }: { providers: Provider[]; providerId: string | null }) {
  const create = useCreateFamily();
  const navigate = useNavigate();
  const [initial] = useState(() => familyFormValues(undefined, providerId ?? ''));
  return (
    <section aria-labelledby="add-family" className={styles.section}>
      <h2 id="add-family">Add a family</h2>
      <p className="muted">A deleted or inactive family's slug of the same provider brings that family back.</p>
      <FamilyForm
        initial={initial}
        providers={providers}
        submitLabel="Add family"
        pending={create.isPending}
        error={create.error}
        onSubmit={(values) =>
          create.mutate(newFamilyBody(values), {
            onSuccess: (family) => navigate(`${MODELS_ROOT}/families/${family.id}`),
          })
        }
      />
    </section>
  );
}
