import { Link, useParams } from 'react-router';
import { LoadError, Loading } from '../../../components/QueryStatus.tsx';
import { isApiError } from '../../../lib/errors.ts';
import { FlagsForm } from './FlagsForm.tsx';
import { flagNames, onOff } from './flag-changes.ts';
import type { FlagSetting, Flags } from './flags-api.ts';
import {
  useDefaults,
  useKnownFlags,
  useOrganizationName,
  useOverrides,
  useSaveOverrides,
} from './use-feature-flags.ts';

const BACK = <Link to="/console/feature-flags">Platform defaults</Link>;

/** What a flag amounts to for the organization, and which setting decides it. */
function Outcome({ setting, fallback }: { setting: FlagSetting; fallback: boolean | undefined }) {
  if (setting !== null) return <>{onOff(setting)}, from this organization’s override</>;
  if (fallback !== undefined) return <>{onOff(fallback)}, from the platform default</>;
  return <>Off: set nowhere</>;
}

/** One organization's overrides of the platform defaults: on, off, or inherit, with what each flag comes to. */
export function OrganizationFlagsPage() {
  const { organizationId = '' } = useParams();
  const overrides = useOverrides(organizationId);
  const defaults = useDefaults();
  const known = useKnownFlags();
  const name = useOrganizationName(organizationId);
  const title = name.data ? `Feature flags of ${name.data}` : 'Feature flags of an organization';

  if (overrides.isError && isApiError(overrides.error, 404)) {
    return (
      <div className="page stack">
        <h1>Organization not found</h1>
        <p>No organization has the id {organizationId}.</p>
        {BACK}
      </div>
    );
  }
  return (
    <div className="page stack">
      <div>
        {BACK}
        <h1>{title}</h1>
        <p className="muted">
          {name.data ? null : <>Organization {organizationId}. </>}
          An override here beats the platform default; “Inherit” removes it.
        </p>
      </div>
      <Overrides organizationId={organizationId} queries={[overrides, defaults, known]} />
    </div>
  );
}

type Queries = [ReturnType<typeof useOverrides>, ReturnType<typeof useDefaults>, ReturnType<typeof useKnownFlags>];

function Overrides({ organizationId, queries }: { organizationId: string; queries: Queries }) {
  const save = useSaveOverrides(organizationId);
  const [overrides, defaults, known] = queries;
  const failed = queries.find((query) => query.isError);
  if (failed) return <LoadError error={failed.error} onRetry={() => failed.refetch()} />;
  if (!overrides.isSuccess || !defaults.isSuccess || !known.isSuccess) {
    return <Loading label="Loading the organization’s flags…" />;
  }
  const platform: Flags = defaults.data;
  const names = flagNames(known.data, platform, overrides.data);
  const inherited = (flag: string) => {
    const value = platform[flag];
    return value === undefined
      ? 'Inherit the default (not set: off)'
      : `Inherit the default (${onOff(value).toLowerCase()})`;
  };
  return (
    <FlagsForm
      caption="Each flag’s override for this organization"
      names={names}
      saved={overrides.data}
      column="Override"
      noneLabel={inherited}
      outcome={{
        column: 'Comes to',
        cell: (flag, setting) => <Outcome setting={setting} fallback={platform[flag]} />,
      }}
      submitLabel="Save overrides"
      pending={save.isPending}
      error={save.error}
      onSave={(changes, done) => save.mutate(changes, { onSuccess: done })}
    />
  );
}
