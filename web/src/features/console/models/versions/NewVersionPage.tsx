import { Link, useNavigate, useParams } from 'react-router';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { MODELS_ROOT } from '../ModelsLayout.tsx';
import styles from '../models.module.css';
import { useCreateVersion, useFamily } from '../use-families.ts';
import { VersionForm } from './VersionForm.tsx';
import { newVersionBody, versionFormValues } from './version-form.ts';

/** A version added by hand to a family (vendor models are better imported from the provider's page). */
export function NewVersionPage() {
  const { familyId = '' } = useParams();
  const family = useFamily(familyId);
  const create = useCreateVersion();
  const navigate = useNavigate();
  const back = `${MODELS_ROOT}/families/${familyId}`;
  return (
    <div className={`page stack ${styles.page}`}>
      <div>
        <Link to={back}>{family.data ? family.data.name : 'Back to the family'}</Link>
        <h1>New version{family.data ? ` of ${family.data.name}` : ''}</h1>
      </div>
      {family.isPending && <Loading label="Loading the family…" />}
      {family.isError && <LoadError error={family.error} onRetry={() => family.refetch()} />}
      {family.isSuccess && (
        <VersionForm
          initial={versionFormValues()}
          creating
          submitLabel="Add version"
          pending={create.isPending}
          error={create.error}
          onSubmit={(values) => create.mutate(newVersionBody(familyId, values), { onSuccess: () => navigate(back) })}
        />
      )}
    </div>
  );
}
