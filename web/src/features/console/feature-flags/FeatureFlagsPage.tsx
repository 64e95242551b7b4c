import { LoadError, Loading } from '../../../components/QueryStatus.tsx';
import { OrganizationPicker } from '../OrganizationPicker.tsx';
import { FlagsForm } from './FlagsForm.tsx';
import styles from './feature-flags.module.css';
import { flagNames } from './flag-changes.ts';
import { useDefaults, useKnownFlags, useSaveDefaults } from './use-feature-flags.ts';

/** The platform's defaults of every known flag; below them, the way to one organization's overrides. */
export function FeatureFlagsPage() {
  return (
    <div className="page stack">
      <div>
        <h1>Feature flags</h1>
        <p className="muted">
          A platform default applies to every organization that has no override of its own; a flag set nowhere is off.
        </p>
      </div>
      <section aria-labelledby="defaults-heading" className={styles.part}>
        <h2 id="defaults-heading">Platform defaults</h2>
        <Defaults />
      </section>
      <section aria-labelledby="organization-heading" className={styles.part}>
        <h2 id="organization-heading">One organization’s overrides</h2>
        <OrganizationPicker pathOf={(id) => `/console/feature-flags/organizations/${id}`} />
      </section>
    </div>
  );
}

function Defaults() {
  const defaults = useDefaults();
  const known = useKnownFlags();
  const save = useSaveDefaults();
  if (defaults.isPending || known.isPending) return <Loading label="Loading the feature flags…" />;
  if (defaults.isError || known.isError) {
    const failed = defaults.isError ? defaults : known;
    return <LoadError error={failed.error} onRetry={() => failed.refetch()} />;
  }
  const names = flagNames(known.data, defaults.data);
  if (names.length === 0) return <p className="empty">No feature flags are known.</p>;
  return (
    <FlagsForm
      caption="Each flag’s default for every organization"
      names={names}
      saved={defaults.data}
      column="Default"
      noneLabel={() => 'Not set (off)'}
      submitLabel="Save defaults"
      pending={save.isPending}
      error={save.error}
      onSave={(changes, done) => save.mutate(changes, { onSuccess: done })}
    />
  );
}
