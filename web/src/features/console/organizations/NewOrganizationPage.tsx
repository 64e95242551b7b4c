import { Link } from 'react-router';
import { FormActions } from '../../../components/FormActions.tsx';
import { ShownOnce } from '../../../components/ShownOnce.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useCheckedForm } from '../../../lib/use-checked-form.ts';
import { type NewOrganizationValues, newOrganizationRequest, validateNewOrganization } from './new-organization.ts';
import { NEW_PROFILE, PROFILE_CODES, PROFILE_FIELDS } from './organization-form.ts';
import type { AdminOrganization, NewOrgUser } from './organizations-api.ts';
import { ProfileFields } from './ProfileFields.tsx';
import { type CreatedOrganization, useCreateOrganization } from './use-organizations.ts';
import { PersonFields } from './users/PersonFields.tsx';
import type { UserFormValues } from './users/user-form.ts';

const INITIAL: NewOrganizationValues = { ...NEW_PROFILE, firstName: '', lastName: '', email: '' };

/** Creates an organization and its first admin in one go, and shows the admin's one-time password this once. */
export function NewOrganizationPage() {
  const create = useCreateOrganization();
  return (
    <div className="page stack">
      <h1>New organization</h1>
      {create.data ? (
        <Outcome outcome={create.data} admin={create.variables.admin} onAnother={() => create.reset()} />
      ) : (
        <NewOrganizationForm
          pending={create.isPending}
          error={create.error}
          onValid={(values) => create.mutate(newOrganizationRequest(values))}
        />
      )}
    </div>
  );
}

interface FormProps {
  pending: boolean;
  /** The API's refusal of the organization (nothing was created then). */
  error: unknown;
  onValid: (values: NewOrganizationValues) => void;
}

function NewOrganizationForm({ pending, error, onValid }: FormProps) {
  const form = useCheckedForm({
    initial: INITIAL,
    validate: validateNewOrganization,
    error,
    fields: PROFILE_FIELDS,
    codes: PROFILE_CODES,
    onValid,
  });
  return (
    <form onSubmit={form.submit} noValidate className="stack">
      <p className="muted">
        It starts on the free plan. Its first admin gets a temporary password, shown once here: hand it to them.
      </p>
      <fieldset className="stack">
        <legend>Organization</legend>
        <ProfileFields values={form.values} errors={form.errors} set={form.set} />
      </fieldset>
      <fieldset className="stack">
        <legend>First admin</legend>
        <PersonFields values={form.values} errors={form.errors} set={form.set} withEmail />
      </fieldset>
      <FormActions error={form.formError} pending={pending} submitLabel="Create organization" />
    </form>
  );
}

interface OutcomeProps {
  outcome: CreatedOrganization;
  /** The admin as asked for, kept for adding them again when the API refused them. */
  admin: NewOrgUser;
  onAnother: () => void;
}

function Outcome({ outcome, admin, onAnother }: OutcomeProps) {
  const { organization } = outcome;
  const home = `/console/organizations/${organization.id}`;
  return (
    <>
      {'admin' in outcome ? (
        <>
          <p role="status">
            {organization.name} is ready, with {outcome.admin.user.display_name} as its admin.
          </p>
          {outcome.admin.password && (
            <ShownOnce
              name="Temporary password"
              warning={`Copy this password now and give it to ${outcome.admin.user.display_name}: it will not be shown again.`}
              secrets={[
                { label: 'Email', value: outcome.admin.user.email },
                { label: 'Temporary password', value: outcome.admin.password },
              ]}
            />
          )}
        </>
      ) : (
        <AdminNotCreated organization={organization} admin={admin} error={outcome.adminError} />
      )}
      <div className="button-row">
        <Link to={home} className="button button--primary">
          Open {organization.name}
        </Link>
        <button type="button" className="button" onClick={onAnother}>
          Create another organization
        </button>
      </div>
    </>
  );
}

/** The organization exists but has no admin yet: said plainly, with the way to add one, the admin's details kept. */
function AdminNotCreated({
  organization,
  admin,
  error,
}: {
  organization: AdminOrganization;
  admin: NewOrgUser;
  error: unknown;
}) {
  const draft: Partial<UserFormValues> = {
    firstName: admin.first_name,
    lastName: admin.last_name,
    email: admin.email,
    role: 'admin',
  };
  return (
    <>
      <div role="alert" className="alert">
        <p>
          The organization {organization.name} was created, but its first admin was not: {describeError(error)}
        </p>
      </div>
      <p>
        It has no users yet. Add its admin from its users page, where the details you gave are filled in:{' '}
        <Link to={`/console/organizations/${organization.id}/users/new`} state={{ draft }}>
          Add the admin of {organization.name}
        </Link>
      </p>
    </>
  );
}
