import { Link } from 'react-router';
import listStyles from '../../../../components/CardList.module.css';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import type { BillingProfile } from '../../../billing/index.ts';
import { billingStyles as styles } from '../../../billing/index.ts';
import { useProfiles } from '../use-billing.ts';
import { TERMS_LABELS } from './profile-form.ts';

function ProfileRow({ profile }: { profile: BillingProfile }) {
  const headingId = `profile-${profile.id}`;
  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <div className={styles.heading}>
        <h2 id={headingId}>
          <Link to={`/admin/billing/profiles/${profile.id}`}>{profile.name}</Link>
        </h2>
        {profile.is_default && <span className="tag">Default</span>}
      </div>
      <p className={styles.detail}>
        {profile.legal_name} · {profile.currency} · {TERMS_LABELS[profile.payment_terms]}
        {profile.billing_email && ` · ${profile.billing_email}`}
      </p>
    </li>
  );
}

/** Who the organization can be invoiced as: the default one decides an invoice's currency and terms. */
export function ProfilesPage() {
  const profiles = useProfiles();
  return (
    <div className={`page stack ${styles.page}`}>
      <div className={listStyles.header}>
        <h1>Billing profiles</h1>
        <Link to="/admin/billing/profiles/new" className="button button--primary">
          New billing profile
        </Link>
      </div>
      <p className="muted">
        Invoices are issued to the default profile, in its currency and on its terms. Each invoice keeps a copy of the
        details it was issued with.
      </p>
      {profiles.isPending && <Loading label="Loading the billing profiles…" />}
      {profiles.isError && <LoadError error={profiles.error} onRetry={() => profiles.refetch()} />}
      {profiles.isSuccess && profiles.data.length === 0 && (
        <p className="empty">No billing profile yet: invoices are issued in US dollars, due on receipt.</p>
      )}
      {profiles.isSuccess && profiles.data.length > 0 && (
        <ul className={styles.plans} aria-label="Billing profiles">
          {profiles.data.map((profile) => (
            <ProfileRow key={profile.id} profile={profile} />
          ))}
        </ul>
      )}
    </div>
  );
}
