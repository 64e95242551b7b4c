import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { Timestamp } from '../../../../components/Timestamp.tsx';
import { isApiError } from '../../../../lib/errors.ts';
import { MODELS_ROOT } from '../ModelsLayout.tsx';
import styles from '../models.module.css';
import type { Version } from '../models-api.ts';
import { useUpdateVersion, useVersion } from '../use-families.ts';
import { VersionForm } from './VersionForm.tsx';
import { versionChanges, versionFormValues } from './version-form.ts';

/** One version: what the last vendor listing said of it, and its fields to edit. */
export function VersionPage() {
  const { versionId = '' } = useParams();
  const version = useVersion(versionId);
  if (version.isPending) {
    return (
      <div className="page">
        <Loading label="Loading the version…" />
      </div>
    );
  }
  if (version.isError) {
    return (
      <div className="page stack">
        <h1>{isApiError(version.error, 404) ? 'Version not found' : 'This version could not be opened'}</h1>
        <LoadError error={version.error} onRetry={() => version.refetch()} />
        <Link to={`${MODELS_ROOT}/families`}>All families</Link>
      </div>
    );
  }
  const current = version.data;
  return (
    <div className={`page stack ${styles.page}`}>
      <div>
        <Link to={`${MODELS_ROOT}/families/${current.familyId}`}>Its family</Link>
        <h1>{current.displayName}</h1>
        <p className="muted">
          {current.modelId} · {current.isActive ? 'Active' : 'Inactive'}
          {current.upstream_deprecated && ' · Deprecated by the vendor'}
        </p>
        <p className="muted">
          Last listed by the vendor: {current.last_listed_at ? <Timestamp value={current.last_listed_at} /> : 'never'}
        </p>
      </div>
      <EditVersion version={current} />
    </div>
  );
}

function EditVersion({ version }: { version: Version }) {
  const update = useUpdateVersion(version.id);
  const [unchanged, setUnchanged] = useState(false);
  const initial = versionFormValues(version);
  return (
    <section aria-labelledby="version-details" className={styles.section}>
      <h2 id="version-details">Details</h2>
      <VersionForm
        key={version.updatedAt}
        initial={initial}
        creating={false}
        submitLabel="Save changes"
        pending={update.isPending}
        error={update.error}
        done={(unchanged && 'Nothing to save: no field changed.') || (update.isSuccess && 'Saved.')}
        onSubmit={(values) => {
          const changes = versionChanges(initial, values);
          const empty = Object.keys(changes).length === 0;
          setUnchanged(empty);
          if (empty) update.reset();
          else update.mutate(changes);
        }}
      />
    </section>
  );
}
