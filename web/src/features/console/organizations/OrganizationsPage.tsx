import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import listStyles from '../../../components/CardList.module.css';
import { FormField } from '../../../components/FormField.tsx';
import { LoadError, Loading } from '../../../components/QueryStatus.tsx';
import { ShowMore } from '../../../components/ShowMore.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { OrganizationTags } from './OrganizationTags.tsx';
import type { AdminOrganization, OrganizationFilter } from './organizations-api.ts';
import { useOrganizationList } from './use-organizations.ts';

const FILTERS: Record<OrganizationFilter, string> = {
  live: 'Live',
  deleted: 'Deleted',
  system: 'System',
};
const SEARCH_MAX = 255;
const COUNT = new Intl.NumberFormat();

/** The filter lives in the address (`?show=deleted`), so a filtered list can be linked and reloaded. */
function useFilter(): [OrganizationFilter, (filter: OrganizationFilter) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('show');
  const filter = raw === 'deleted' || raw === 'system' ? raw : 'live';
  return [filter, (next) => setParams(next === 'live' ? {} : { show: next }, { replace: true })];
}

/** Every organization of the platform, newest first: found by name, live, deleted or the system one. */
export function OrganizationsPage() {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 300);
  const [filter, setFilter] = useFilter();
  return (
    <div className="page stack">
      <div className={listStyles.header}>
        <h1>Organizations</h1>
        <Link to="/console/organizations/new" className="button button--primary">
          New organization
        </Link>
      </div>
      <search className="stack">
        <FormField label="Search organizations" hint="By name.">
          {(control) => (
            <input
              {...control}
              type="search"
              value={search}
              maxLength={SEARCH_MAX}
              onChange={(e) => setSearch(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Show">
          {(control) => (
            <select {...control} value={filter} onChange={(e) => setFilter(e.target.value as OrganizationFilter)}>
              {Object.entries(FILTERS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </search>
      <OrganizationList term={term} filter={filter} />
    </div>
  );
}

function OrganizationList({ term, filter }: { term: string; filter: OrganizationFilter }) {
  const list = useOrganizationList(term, filter);
  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  if (list.isPending) return <Loading label="Loading organizations…" />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => list.refetch()} />;
  return (
    <>
      <p role="status" className="muted">
        {COUNT.format(total)} {total === 1 ? 'organization' : 'organizations'}
        {term && ` named like “${term}”`}
      </p>
      {rows.length > 0 && (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">{FILTERS[filter]} organizations</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Plan</th>
                <th scope="col">Users</th>
                <th scope="col">Runs, last 30 days</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((organization) => (
                <OrganizationRow key={organization.id} organization={organization} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ShowMore
        noun="organizations"
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={list.fetchNextPage}
      />
    </>
  );
}

function OrganizationRow({ organization }: { organization: AdminOrganization }) {
  return (
    <tr>
      <th scope="row">
        <span className="button-row">
          <Link to={`/console/organizations/${organization.id}`}>{organization.name}</Link>
          <OrganizationTags organization={organization} />
        </span>
      </th>
      <td>{organization.plan_name ?? '—'}</td>
      <td>{COUNT.format(organization.user_count)}</td>
      <td>{COUNT.format(organization.task_count_last30d)}</td>
    </tr>
  );
}
