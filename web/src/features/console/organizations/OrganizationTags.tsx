import type { AdminOrganization } from './organizations-api.ts';

/** What sets an organization apart at a glance: the system one, suspended, deleted (deleting also suspends). */
export function OrganizationTags({ organization }: { organization: AdminOrganization }) {
  return (
    <>
      {organization.is_system && <span className="tag">System</span>}
      {organization.deleted_at ? (
        <span className="tag tag--danger">Deleted</span>
      ) : (
        organization.is_suspended && <span className="tag tag--attention">Suspended</span>
      )}
    </>
  );
}
