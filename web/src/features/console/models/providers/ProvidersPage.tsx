import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { MODELS_ROOT } from '../ModelsLayout.tsx';
import styles from '../models.module.css';
import type { Provider } from '../models-api.ts';
import { useCreateProvider, useProviders } from '../use-providers.ts';
import { ProviderForm } from './ProviderForm.tsx';
import { newProviderBody, providerFormValues } from './provider-form.ts';

/** The AI providers by name, and a form to add one. */
export function ProvidersPage() {
  const providers = useProviders();
  return (
    <div className={`page stack ${styles.page}`}>
      <h1>AI providers</h1>
      <p className="muted">Each provider's models are listed from its vendor and imported into model families.</p>
      {providers.isPending && <Loading label="Loading the providers…" />}
      {providers.isError && <LoadError error={providers.error} onRetry={() => providers.refetch()} />}
      {providers.isSuccess && providers.data.length === 0 && <p className="empty">No providers yet.</p>}
      {providers.isSuccess && providers.data.length > 0 && <ProviderTable providers={providers.data} />}
      <AddProvider />
    </div>
  );
}

function ProviderTable({ providers }: { providers: Provider[] }) {
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption className="visually-hidden">AI providers</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Slug</th>
            <th scope="col">Website</th>
            <th scope="col">API key</th>
          </tr>
        </thead>
        <tbody>
          {providers.map((provider) => (
            <tr key={provider.id}>
              <th scope="row">
                <Link to={`${MODELS_ROOT}/providers/${provider.id}`}>{provider.name}</Link>
              </th>
              <td className={styles.id}>{provider.slug}</td>
              <td className={styles.id}>{provider.website ?? '—'}</td>
              <td>{provider.has_api_key ? 'Key set' : <span className="tag tag--attention">No key</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** After adding, the form starts over (so the key typed is gone) and says which provider was added. */
function AddProvider() {
  const create = useCreateProvider();
  const [formKey, setFormKey] = useState(0);
  return (
    <section aria-labelledby="add-provider" className={styles.section}>
      <h2 id="add-provider">Add a provider</h2>
      {create.isSuccess && <p role="status">Added {create.data.name}.</p>}
      <ProviderForm
        key={formKey}
        initial={providerFormValues()}
        submitLabel="Add provider"
        pending={create.isPending}
        error={create.error}
        onSubmit={(values) => create.mutate(newProviderBody(values), { onSuccess: () => setFormKey((k) => k + 1) })}
      />
    </section>
  );
}
