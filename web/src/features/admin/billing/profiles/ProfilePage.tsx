import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ConfirmAction } from '../../../../components/ConfirmAction.tsx';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import { isApiError } from '../../../../lib/errors.ts';
import type { BillingProfile } from '../../../billing/index.ts';
import { billingStyles as styles } from '../../../billing/index.ts';
import { useDeleteProfile, useProfile, useProfiles, useUpdateProfile } from '../use-billing.ts';
import { ProfileForm } from './ProfileForm.tsx';
import { profileChanges, profileValuesOf } from './profile-form.ts';

function EditProfile({ profile }: { profile: BillingProfile }) {
  const update = useUpdateProfile(profile.id);
  const created = (useLocation().state as { created?: boolean } | null)?.created === true;
  const [unchanged, setUnchanged] = useState(false);
  const done =
    (unchanged && 'Nothing to save: no field changed.') ||
    (update.isSuccess && 'Saved.') ||
    (created && update.isIdle && 'Created.');
  return (
    <ProfileForm
      key={profile.updated_at}
      initial={profileValuesOf(profile)}
      creating={false}
      submitLabel="Save billing profile"
      pending={update.isPending}
      error={update.error}
      done={done}
      onSubmit={(values) => {
        const changes = profileChanges(profile, values);
        const empty = Object.keys(changes).length === 0;
        setUnchanged(empty);
        if (empty) update.reset();
        else update.mutate(changes);
      }}
    />
  );
}

/** Making it the default, and deleting it (saying which profile becomes the default then). */
function ProfileActions({ profile }: { profile: BillingProfile }) {
  const makeDefault = useUpdateProfile(profile.id);
  const remove = useDeleteProfile();
  const navigate = useNavigate();
  const others = (useProfiles().data ?? []).filter((p) => p.id !== profile.id);
  const successor = others[0];
  const promotion =
    profile.is_default && successor ? ` ${successor.name}, the oldest remaining profile, becomes the default.` : '';
  return (
    <section aria-labelledby="profile-actions" className={styles.section}>
      <h2 id="profile-actions">Default and deletion</h2>
      <p>
        {profile.is_default
          ? 'This is the default profile: invoices are issued to it. To change that, make another profile the default.'
          : 'Invoices are issued to the default profile, not to this one.'}
      </p>
      <div className="button-row">
        {!profile.is_default && (
          <button
            type="button"
            className="button"
            disabled={makeDefault.isPending}
            onClick={() => makeDefault.mutate({ is_default: true })}
          >
            Make default
          </button>
        )}
        <ConfirmAction
          label="Delete"
          name={`Delete ${profile.name}`}
          question={`Delete ${profile.name}? Invoices issued to it keep their copy of its details.${promotion}`}
          confirmLabel="Delete billing profile"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(profile, { onSuccess: () => navigate('/admin/billing/profiles') })}
        />
      </div>
      {makeDefault.isSuccess && <p role="status">It is now the default profile.</p>}
      <ErrorAlert error={makeDefault.error ?? remove.error} />
    </section>
  );
}

/** One billing profile: its fields, making it the default, deleting it. */
export function ProfilePage() {
  const { profileId = '' } = useParams();
  const profile = useProfile(profileId);
  if (profile.isPending) {
    return (
      <div className="page">
        <Loading label="Loading the billing profile…" />
      </div>
    );
  }
  if (profile.isError) {
    return (
      <div className="page stack">
        <h1>{isApiError(profile.error, 404) ? 'Billing profile not found' : 'This profile could not be opened'}</h1>
        <LoadError error={profile.error} onRetry={() => profile.refetch()} />
        <Link to="/admin/billing/profiles">All billing profiles</Link>
      </div>
    );
  }
  const shown = profile.data;
  return (
    <div className={`page stack ${styles.page}`}>
      <div>
        <Link to="/admin/billing/profiles">All billing profiles</Link>
        <div className={styles.heading}>
          <h1>{shown.name}</h1>
          {shown.is_default && <span className="tag">Default</span>}
        </div>
      </div>
      <EditProfile profile={shown} />
      <ProfileActions profile={shown} />
    </div>
  );
}
