import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '../../../../components/QueryStatus.tsx';
import { Timestamp } from '../../../../components/Timestamp.tsx';
import { isApiError } from '../../../../lib/errors.ts';
import { MODELS_ROOT } from '../ModelsLayout.tsx';
import styles from '../models.module.css';
import type { AvailableModel, Provider } from '../models-api.ts';
import { useAvailableModels } from '../use-providers.ts';
import { ImportModels } from './ImportModels.tsx';

/** The refusals of available-models that the operator can act on, said in their terms. */
function ListingError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isApiError(error, 409, 'no_api_key'))
    return (
      <p role="alert" className="alert">
        This provider has no API key: set one under Details, then list again.
      </p>
    );
  if (isApiError(error, 502))
    return (
      <div role="alert" className="alert">
        <p>The vendor's API failed: {error.message}</p>
        <p>Check the base URL and the key, or try again later.</p>
      </div>
    );
  return <LoadError error={error} onRetry={onRetry} />;
}

/** The models the provider's vendor offers now, with the untracked ones ready to import into a family. */
export function AvailableModels({ provider }: { provider: Provider }) {
  const [request, setRequest] = useState<{ nonce: number; refresh: boolean } | null>(null);
  const listing = useAvailableModels(provider.id, request);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const load = (refresh: boolean) => {
    setChosen(new Set());
    setRequest((r) => ({ nonce: (r?.nonce ?? 0) + 1, refresh }));
  };
  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section aria-labelledby="vendor-listing" className={styles.section}>
      <h2 id="vendor-listing">Vendor's models</h2>
      <div className="button-row">
        {request === null ? (
          <button type="button" className="button" onClick={() => load(false)}>
            List available models
          </button>
        ) : (
          <button type="button" className="button" onClick={() => load(true)} disabled={listing.isFetching}>
            Refresh
          </button>
        )}
        {listing.isFetching && <span role="status">Asking the vendor…</span>}
      </div>
      {listing.isError && <ListingError error={listing.error} onRetry={() => load(true)} />}
      {listing.data && (
        <>
          <dl className="facts">
            <dt>Fetched</dt>
            <dd>
              <Timestamp value={listing.data.listing.fetched_at} />
            </dd>
            <dt>Listing</dt>
            <dd>
              {listing.data.listing.documented
                ? 'Documented by the vendor'
                : 'Not documented by the vendor (a generic OpenAI-compatible listing): check the figures'}
            </dd>
            {listing.data.listing.docs_url && (
              <>
                <dt>Vendor's documentation</dt>
                <dd>
                  <a href={listing.data.listing.docs_url} target="_blank" rel="noreferrer">
                    {listing.data.listing.docs_url}
                  </a>
                </dd>
              </>
            )}
          </dl>
          {listing.data.models.length === 0 ? (
            <p className="empty">The vendor lists no models.</p>
          ) : (
            <ModelTable models={listing.data.models} chosen={chosen} onToggle={toggle} />
          )}
          <ImportModels provider={provider} modelIds={[...chosen]} onImported={() => setChosen(new Set())} />
        </>
      )}
    </section>
  );
}

interface ModelTableProps {
  models: AvailableModel[];
  chosen: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
}

function ModelTable({ models, chosen, onToggle }: ModelTableProps) {
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption className="visually-hidden">Models the vendor lists</caption>
        <thead>
          <tr>
            <th scope="col">Import</th>
            <th scope="col">Model id</th>
            <th scope="col">Display name</th>
            <th scope="col">Kind</th>
            <th scope="col">Released</th>
            <th scope="col">Deprecated</th>
            <th scope="col">Tracked by</th>
          </tr>
        </thead>
        <tbody>
          {models.map((model) => (
            <tr key={model.id}>
              <td>
                {model.tracked === null && (
                  <input
                    type="checkbox"
                    aria-label={`Import ${model.id}`}
                    checked={chosen.has(model.id)}
                    onChange={(e) => onToggle(model.id, e.target.checked)}
                  />
                )}
              </td>
              <th scope="row" className={styles.id}>
                {model.id}
              </th>
              <td>{model.display_name}</td>
              <td>{model.kind}</td>
              <td>{model.released_at ? <Timestamp value={model.released_at} /> : '—'}</td>
              <td>{model.deprecated ? <span className="tag tag--attention">Deprecated</span> : 'No'}</td>
              <td>
                {model.tracked ? (
                  <Link to={`${MODELS_ROOT}/families/${model.tracked.id}`}>{model.tracked.name}</Link>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
