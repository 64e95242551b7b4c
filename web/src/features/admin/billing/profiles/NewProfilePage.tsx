import { Link, useNavigate } from 'react-router';
import { billingStyles as styles } from '../../../billing/index.ts';

import { useCreateProfile } from '../use-billing.ts';
import { ProfileForm } from './ProfileForm.tsx';
import { newProfileBody, profileValuesOf } from './profile-form.ts';

/** A new billing profile; saved, it opens on its own page. */
export function NewProfilePage() {
  const create = useCreateProfile();
  const navigate = useNavigate();
  return (
    <div className={`page stack ${styles.page}`}>
      <div>
        <Link to="/admin/billing/profiles">All billing profiles</Link>
        <h1>New billing profile</h1>
      </div>
      <ProfileForm
        initial={profileValuesOf()}
        creating
        submitLabel="Create billing profile"
        pending={create.isPending}
        error={create.error}
        onSubmit={(values) =>
          create.mutate(newProfileBody(values), {
            onSuccess: (profile) => navigate(`/admin/billing/profiles/${profile.id}`, { state: { created: true } }),
          })
        }
      />
    </div>
  );
}
