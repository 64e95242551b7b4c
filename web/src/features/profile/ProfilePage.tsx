import { LoadError, Loading } from '../../components/QueryStatus.tsx';
import { AppearanceSettings } from '../appearance/index.ts';
import { NamesForm } from './NamesForm.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { TelegramSection } from './TelegramSection.tsx';
import { useMe } from './use-profile.ts';

export function ProfilePage() {
  const me = useMe();

  return (
    <div className="page stack">
      <h1>Profile</h1>
      {me.isPending && <Loading />}
      {me.isError && <LoadError error={me.error} onRetry={() => me.refetch()} />}
      {me.data && (
        <>
          <p className="muted">
            {me.data.email} · {me.data.role === 'admin' ? 'Administrator' : 'Member'} of {me.data.organization_name}
          </p>
          <section aria-labelledby="profile-names" className="stack">
            <h2 id="profile-names">Name</h2>
            <NamesForm me={me.data} />
          </section>
          <section aria-labelledby="profile-password" className="stack">
            <h2 id="profile-password">Password</h2>
            <PasswordForm />
          </section>
          <AppearanceSettings />
          <TelegramSection />
        </>
      )}
    </div>
  );
}
