import { unwrap } from '@atrium/client';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormField } from '../../components/FormField.tsx';
import { LoadError, Loading } from '../../components/QueryStatus.tsx';
import { useClient } from '../../lib/client-context.tsx';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useConsoleSections } from './use-console-sections.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MATCHES = 20;

/**
 * Chooses the organization a per-organization page is about (its wallet, its feature flags): found by name for
 * operators who hold the `organizations` section, otherwise by its id, since only that section may list them.
 */
export function OrganizationPicker({ pathOf }: { pathOf: (organizationId: string) => string }) {
  const held = useConsoleSections();
  return held.includes('organizations') ? <FindByName pathOf={pathOf} /> : <EnterId pathOf={pathOf} />;
}

function FindByName({ pathOf }: { pathOf: (organizationId: string) => string }) {
  const client = useClient();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 300);
  const found = useQuery({
    queryKey: ['console', 'organizations', 'pick', term],
    queryFn: async () => {
      const query = { search: term || undefined, limit: MATCHES };
      return unwrap(await client.api.GET('/v1/admin/organizations', { params: { query } })).data;
    },
  });
  return (
    <search>
      <FormField label="Find an organization" hint="By name; the newest are listed first.">
        {(control) => (
          <input
            {...control}
            type="search"
            value={search}
            maxLength={255}
            onChange={(e) => setSearch(e.target.value)}
          />
        )}
      </FormField>
      {found.isPending && <Loading label="Looking for organizations…" />}
      {found.isError && <LoadError error={found.error} onRetry={() => found.refetch()} />}
      {found.isSuccess && found.data.length === 0 && <p className="empty">No organization is called that.</p>}
      {found.isSuccess && found.data.length > 0 && (
        <ul aria-label="Organizations found" className="stack">
          {found.data.map((organization) => (
            <li key={organization.id}>
              <Link to={pathOf(organization.id)}>{organization.name}</Link>
              {organization.is_suspended && <span className="tag tag--attention">Suspended</span>}
            </li>
          ))}
        </ul>
      )}
    </search>
  );
}

function EnterId({ pathOf }: { pathOf: (organizationId: string) => string }) {
  const navigate = useNavigate();
  const [id, setId] = useState('');
  const [error, setError] = useState<string>();
  const open = (event: FormEvent) => {
    event.preventDefault();
    if (!UUID.test(id.trim())) return setError('Enter the organization’s id, a UUID.');
    navigate(pathOf(id.trim().toLowerCase()));
  };
  return (
    <form onSubmit={open} noValidate>
      <FormField
        label="Organization id"
        hint="Your console role cannot list organizations: ask for the id of the one you need."
        error={error}
      >
        {(control) => (
          <input
            {...control}
            value={id}
            maxLength={36}
            onChange={(e) => {
              setId(e.target.value);
              setError(undefined);
            }}
          />
        )}
      </FormField>
      <button type="submit" className="button button--primary">
        Open
      </button>
    </form>
  );
}
