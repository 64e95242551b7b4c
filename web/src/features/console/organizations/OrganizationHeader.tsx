import { Link } from 'react-router';
import { OrganizationTags } from './OrganizationTags.tsx';
import type { AdminOrganization } from './organizations-api.ts';

interface OrganizationHeaderProps {
  /** The page's own title; the organization's name when none is given (its overview). */
  title?: string;
  /** Undefined while it loads: the title shows at once all the same. */
  organization: AdminOrganization | undefined;
}

/** The top of an organization's page: the way back to the list, the title, and which organization it is. */
export function OrganizationHeader({ title, organization }: OrganizationHeaderProps) {
  return (
    <div>
      <Link to="/console/organizations">All organizations</Link>
      <h1>{title ?? organization?.name}</h1>
      {organization && (
        <p className="button-row muted">
          {title && <span>{organization.name}</span>}
          <OrganizationTags organization={organization} />
        </p>
      )}
    </div>
  );
}
