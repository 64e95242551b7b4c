import { Link } from 'react-router';
import listStyles from '../../../components/CardList.module.css';
import { LoadError, Loading } from '../../../components/QueryStatus.tsx';
import { ShowMore } from '../../../components/ShowMore.tsx';
import { Timestamp } from '../../../components/Timestamp.tsx';
import { useConsoleSections } from '../use-console-sections.ts';
import type { DemoOrganization } from './demo-api.ts';
import { useDemoOrganizations } from './use-demo-organizations.ts';

/** The live demo organizations, newest first, a page at a time. */
export function DemoOrganizationsPage() {
  const demos = useDemoOrganizations();
  const rows = demos.data?.pages.flatMap((page) => page.data) ?? [];
  const total = demos.data?.pages[0]?.total;
  return (
    <div className="page stack">
      <div className={listStyles.header}>
        <h1>Demo organizations</h1>
        <Link to="/console/demo-organizations/new" className="button button--primary">
          New demo organization
        </Link>
      </div>
      <p className="muted">
        Organizations made for a prospect to try the product, each with an end: after it, their people are refused.
        Times are in your time zone.
      </p>
      {demos.isPending && <Loading label="Loading demo organizations…" />}
      {demos.isError && <LoadError error={demos.error} onRetry={() => demos.refetch()} />}
      {demos.isSuccess && rows.length === 0 && <p className="empty">No demo organizations yet.</p>}
      {rows.length > 0 && (
        <div className="table-scroll">
          <table className="data-table">
            <caption>{total === 1 ? '1 demo organization' : `${total} demo organizations`}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Organization</th>
                <th scope="col">Ends</th>
                <th scope="col">Users</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((demo) => (
                <DemoRow key={demo.id} demo={demo} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ShowMore noun="demo organizations" {...demos} />
    </div>
  );
}

function DemoRow({ demo }: { demo: DemoOrganization }) {
  const ended = Date.parse(demo.expires_at) <= Date.now();
  // A demo is an organization: its users and status are managed there, by those who may open Organizations.
  const canOpen = useConsoleSections().includes('organizations');
  return (
    <tr>
      <th scope="row">{canOpen ? <Link to={`/console/organizations/${demo.id}`}>{demo.name}</Link> : demo.name}</th>
      <td>
        <span className="button-row">
          <Timestamp value={demo.expires_at} />
          {ended && <span className="tag tag--attention">Ended</span>}
          {demo.is_suspended && <span className="tag tag--danger">Suspended</span>}
        </span>
      </td>
      <td>{demo.user_count}</td>
      <td>
        <Timestamp value={demo.created_at} />
      </td>
    </tr>
  );
}
