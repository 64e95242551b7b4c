import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmAction } from '../../../../components/ConfirmAction.tsx';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { isApiError } from '../../../../lib/errors.ts';
import { MODELS_ROOT } from '../ModelsLayout.tsx';
import styles from '../models.module.css';
import type { Provider } from '../models-api.ts';
import { useDeleteProvider, useProvider, useUpdateProvider } from '../use-providers.ts';
import { AvailableModels } from './AvailableModels.tsx';
import { ProviderForm } from './ProviderForm.tsx';
import { providerChanges, providerFormValues } from './provider-form.ts';
import { SyncModels } from './SyncModels.tsx';

/** One provider: its details and key, its vendor's models to import, a sync, and deleting it. */
export function ProviderPage() {
  const { providerId = '' } = useParams();
  const provider = useProvider(providerId);
  if (provider.isPending) {
    return (
      <div className="page">
        <Loading label="Loading the provider…" />
      </div>
    );
  }
  if (provider.isError) {
    return (
      <div className="page stack">
        <h1>{isApiError(provider.error, 404) ? 'Provider not found' : 'This provider could not be opened'}</h1>
        <LoadError error={provider.error} onRetry={() => provider.refetch()} />
        <Link to={MODELS_ROOT}>All providers</Link>
      </div>
    );
  }
  const current = provider.data;
  return (
    <div className={`page stack ${styles.page}`}>
      <div>
        <Link to={MODELS_ROOT}>All providers</Link>
        <h1>{current.name}</h1>
        <p className="muted">
          {current.effective_base_url ?? 'No API address'} · {current.has_api_key ? 'Key set' : 'No key'}
        </p>
      </div>
      <AvailableModels provider={current} />
      <SyncModels provider={current} />
      <EditProvider provider={current} />
      <DeleteProvider provider={current} />
    </div>
  );
}

function EditProvider({ provider }: { provider: Provider }) {
  const update = useUpdateProvider(provider.id);
  const [unchanged, setUnchanged] = useState(false);
  return (
    <section aria-labelledby="provider-details" className={styles.section}>
      <h2 id="provider-details">Details</h2>
      {/* A saved provider starts the form over from what the API answered, so a typed key never lingers. */}
      <ProviderForm
        key={provider.updated_at}
        initial={providerFormValues(provider)}
        hasKey={provider.has_api_key}
        submitLabel="Save changes"
        pending={update.isPending}
        error={update.error}
        done={(unchanged && 'Nothing to save: no field changed.') || (update.isSuccess && 'Saved.')}
        onSubmit={(values) => {
          const changes = providerChanges(provider, values);
          const empty = Object.keys(changes).length === 0;
          setUnchanged(empty);
          if (empty) update.reset();
          else update.mutate(changes);
        }}
      />
    </section>
  );
}

function DeleteProvider({ provider }: { provider: Provider }) {
  const remove = useDeleteProvider(provider.id);
  const navigate = useNavigate();
  return (
    <section aria-labelledby="provider-delete" className={styles.section}>
      <h2 id="provider-delete">Delete</h2>
      <p>Its slug becomes free for a new provider.</p>
      <div>
        <ConfirmAction
          label="Delete"
          name={`Delete ${provider.name}`}
          question={`Delete ${provider.name}? This cannot be undone.`}
          confirmLabel="Delete for good"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(undefined, { onSuccess: () => navigate(MODELS_ROOT, { replace: true }) })}
        />
      </div>
      <ErrorAlert error={remove.error} />
    </section>
  );
}
