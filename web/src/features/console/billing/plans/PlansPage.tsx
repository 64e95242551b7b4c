import { Link } from 'react-router';
import listStyles from '../../../../components/CardList.module.css';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import type { Plan } from '../../../billing/index.ts';
import { billingStyles as adminStyles, formatMinor } from '../../../billing/index.ts';
import { usePlans } from './use-plans.ts';

function PlanRow({ plan }: { plan: Plan }) {
  return (
    <tr>
      <th scope="row">
        <Link to={`/console/billing/plans/${plan.id}`}>{plan.name}</Link>
      </th>
      <td>{plan.slug}</td>
      <td className={adminStyles.number}>{formatMinor(plan.price_minor, plan.currency)}</td>
      <td>
        {plan.is_active ? <span className="tag">Active</span> : <span className="tag tag--attention">Inactive</span>}
      </td>
    </tr>
  );
}

/** Every plan, the inactive ones too, cheapest first, with the way to add one and to edit each. */
export function PlansPage() {
  const plans = usePlans();
  return (
    <div className="page stack">
      <div className={listStyles.header}>
        <h1>Plans</h1>
        <Link to="/console/billing/plans/new" className="button button--primary">
          New plan
        </Link>
      </div>
      <p className="muted">Active plans are offered to organizations; each is billed once a month at its price.</p>
      {plans.isPending && <Loading label="Loading the plans…" />}
      {plans.isError && <LoadError error={plans.error} onRetry={() => plans.refetch()} />}
      {plans.isSuccess && plans.data.length === 0 && <p className="empty">No plans yet.</p>}
      {plans.isSuccess && plans.data.length > 0 && (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="muted">Cheapest first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Slug</th>
                <th scope="col" className={adminStyles.number}>
                  Price a month
                </th>
                <th scope="col">Offered</th>
              </tr>
            </thead>
            <tbody>
              {plans.data.map((plan) => (
                <PlanRow key={plan.id} plan={plan} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
