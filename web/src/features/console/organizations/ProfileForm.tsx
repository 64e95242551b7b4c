import { useState } from 'react';
import { FormActions } from '../../../components/FormActions.tsx';
import { useCheckedForm } from '../../../lib/use-checked-form.ts';
import {
  PROFILE_CODES,
  PROFILE_FIELDS,
  type ProfileValues,
  profileChanges,
  profileValuesOf,
  validateProfile,
} from './organization-form.ts';
import type { AdminOrganization } from './organizations-api.ts';
import { ProfileFields } from './ProfileFields.tsx';
import { useUpdateOrganization } from './use-organizations.ts';

/** The organization's name, industry, language and time zone; a save sends only the fields changed. */
export function ProfileForm({ organization }: { organization: AdminOrganization }) {
  const update = useUpdateOrganization(organization.id);
  const [unchanged, setUnchanged] = useState(false);
  const form = useCheckedForm({
    initial: profileValuesOf(organization),
    validate: validateProfile,
    error: update.error,
    fields: PROFILE_FIELDS,
    codes: PROFILE_CODES,
    onValid: (values: ProfileValues) => {
      const changes = profileChanges(organization, values);
      const empty = Object.keys(changes).length === 0;
      setUnchanged(empty);
      if (empty) update.reset();
      else update.mutate(changes);
    },
  });
  return (
    <form onSubmit={form.submit} noValidate className="stack">
      <ProfileFields values={form.values} errors={form.errors} set={form.set} />
      <FormActions
        error={form.formError}
        pending={update.isPending}
        submitLabel="Save profile"
        done={(unchanged && 'Nothing to save: no field changed.') || (update.isSuccess && 'Saved.')}
      />
    </form>
  );
}
