import { useParams } from 'react-router';
import { LoadError, Loading } from '../../../components/QueryStatus.tsx';
import { Timestamp } from '../../../components/Timestamp.tsx';
import { isApiError } from '../../../lib/errors.ts';
import { OrganizationHeader } from './OrganizationHeader.tsx';
import { OrganizationState } from './OrganizationState.tsx';
import styles from './organizations.module.css';
import type { AdminOrganization } from './organizations-api.ts';
import { ProfileForm } from './ProfileForm.tsx';
import { useOrganization } from './use-organizations.ts';

const COUNT = new Intl.NumberFormat();

/** One organization: what it is on, its profile, and suspending, deleting or restoring it. */
export function OverviewPage() {
  const { organizationId = '' } = useParams();
  const organization = useOrganization(organizationId);
  if (organization.isPending) {
    return (
      <div className="page">
        <Loading label="Loading the organization…" />
      </div>
    );
  }
  if (organization.isError) {
    return (
      <div className="page stack">
        <OrganizationHeader
          title={
            isApiError(organization.error, 404) ? 'Organization not found' : 'This organization could not be opened'
          }
          organization={undefined}
        />
        <LoadError error={organization.error} onRetry={() => organization.refetch()} />
      </div>
    );
  }
  const current = organization.data;
  return (
    <div className="page stack">
      <OrganizationHeader organization={current} />
      <Facts organization={current} />
      <section aria-labelledby="organization-profile" className={styles.section}>
        <h2 id="organization-profile">Profile</h2>
        {current.deleted_at ? (
          <p>A deleted organization cannot be changed: restore it first.</p>
        ) : (
          <ProfileForm organization={current} />
        )}
      </section>
      <OrganizationState organization={current} />
    </div>
  );
}

function Facts({ organization }: { organization: AdminOrganization }) {
  return (
    <dl className="facts">
      <dt>Plan</dt>
      <dd>{organization.plan_name ?? 'None'}</dd>
      <dt>Subscription</dt>
      <dd>{organization.subscription_status ?? 'None'}</dd>
      <dt>Users</dt>
      <dd>{COUNT.format(organization.user_count)}</dd>
      <dt>Runs, last 30 days</dt>
      <dd>{COUNT.format(organization.task_count_last30d)}</dd>
      <dt>Created</dt>
      <dd>
        <Timestamp value={organization.created_at} />
      </dd>
      {organization.deleted_at && (
        <>
          <dt>Deleted</dt>
          <dd>
            <Timestamp value={organization.deleted_at} />
          </dd>
        </>
      )}
      <dt>Id</dt>
      <dd>
        <code>{organization.id}</code>
      </dd>
    </dl>
  );
}
