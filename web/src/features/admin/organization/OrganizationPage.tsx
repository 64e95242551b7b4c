import { LoadError, Loading } from '../../../components/QueryStatus.tsx';
import { FeatureFlags } from './FeatureFlags.tsx';
import { ModelSelections } from './ModelSelections.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { useFeatureFlags, useModelSelections, useModels, useOrganization } from './use-organization.ts';

/** The organization's profile, its models per capability, and its feature flags. */
export function OrganizationPage() {
  const organization = useOrganization();
  const selections = useModelSelections();
  const models = useModels();
  const flags = useFeatureFlags();
  return (
    <div className="page stack">
      <h1>Organization</h1>
      <section aria-labelledby="organization-profile" className="stack">
        <h2 id="organization-profile">Profile</h2>
        {organization.isPending && <Loading label="Loading the profile…" />}
        {organization.isError && <LoadError error={organization.error} onRetry={() => organization.refetch()} />}
        {organization.data && <ProfileForm organization={organization.data} />}
      </section>
      <section aria-labelledby="organization-models" className="stack">
        <h2 id="organization-models">Models</h2>
        <p className="muted">The model your organization uses for each kind of work, unless an agent names its own.</p>
        {(selections.isPending || models.isPending) && <Loading label="Loading the models…" />}
        {selections.isError && <LoadError error={selections.error} onRetry={() => selections.refetch()} />}
        {models.isError && <LoadError error={models.error} onRetry={() => models.refetch()} />}
        {selections.data && models.data && <ModelSelections selections={selections.data} models={models.data} />}
      </section>
      <section aria-labelledby="organization-flags" className="stack">
        <h2 id="organization-flags">Feature flags</h2>
        {flags.isPending && <Loading label="Loading the feature flags…" />}
        {flags.isError && <LoadError error={flags.error} onRetry={() => flags.refetch()} />}
        {flags.data && <FeatureFlags flags={flags.data} />}
      </section>
    </div>
  );
}
