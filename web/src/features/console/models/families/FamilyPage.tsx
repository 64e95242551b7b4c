import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { isApiError } from '../../../../lib/errors.ts';
import { MODELS_ROOT } from '../ModelsLayout.tsx';
import styles from '../models.module.css';
import type { Family, Provider, Version } from '../models-api.ts';
import { useFamily, useUpdateFamily, useVersions } from '../use-families.ts';
import { useProviders } from '../use-providers.ts';
import { DeleteFamily } from './DeleteFamily.tsx';
import { FamilyForm } from './FamilyForm.tsx';
import { FamilyVersions } from './FamilyVersions.tsx';
import { familyChanges, familyFormValues } from './family-form.ts';

/** One model family: its details, its versions, and deleting it. */
export function FamilyPage() {
  const { familyId = '' } = useParams();
  const family = useFamily(familyId);
  const providers = useProviders();
  const versions = useVersions(familyId);
  const failed = [family, providers, versions].find((q) => q.isError);

  if (family.isError) {
    return (
      <div className="page stack">
        <h1>{isApiError(family.error, 404) ? 'Model family not found' : 'This model family could not be opened'}</h1>
        <LoadError error={family.error} onRetry={() => family.refetch()} />
        <Link to={`${MODELS_ROOT}/families`}>All families</Link>
      </div>
    );
  }
  if (failed) {
    return (
      <div className="page stack">
        <h1>This model family could not be opened</h1>
        <LoadError error={failed.error} onRetry={() => failed.refetch()} />
      </div>
    );
  }
  if (!family.data || !providers.data || !versions.data) {
    return (
      <div className="page">
        <Loading label="Loading the model family…" />
      </div>
    );
  }
  const current = family.data;
  const provider = providers.data.find((p) => p.id === current.providerId);
  return (
    <div className={`page stack ${styles.page}`}>
      <div>
        <Link to={`${MODELS_ROOT}/families`}>All families</Link>
        <h1>{current.name}</h1>
        <p className="muted">
          {provider ? <Link to={`${MODELS_ROOT}/providers/${provider.id}`}>{provider.name}</Link> : 'Unknown provider'}
          {' · '}
          {current.isActive ? 'Active' : 'Inactive'}
        </p>
      </div>
      <FamilyVersions family={current} versions={versions.data} />
      <EditFamily family={current} providers={providers.data} versions={versions.data} />
      <DeleteFamily family={current} />
    </div>
  );
}

function EditFamily({ family, providers, versions }: { family: Family; providers: Provider[]; versions: Version[] }) {
  const update = useUpdateFamily(family.id);
  const [unchanged, setUnchanged] = useState(false);
  return (
    <section aria-labelledby="family-details" className={styles.section}>
      <h2 id="family-details">Details</h2>
      <FamilyForm
        key={family.updatedAt}
        initial={familyFormValues(family)}
        providers={providers}
        versions={versions}
        submitLabel="Save changes"
        pending={update.isPending}
        error={update.error}
        done={(unchanged && 'Nothing to save: no field changed.') || (update.isSuccess && 'Saved.')}
        onSubmit={(values) => {
          const changes = familyChanges(family, values);
          const empty = Object.keys(changes).length === 0;
          setUnchanged(empty);
          if (empty) update.reset();
          else update.mutate(changes);
        }}
      />
    </section>
  );
}
