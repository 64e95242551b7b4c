import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError, Loading } from '../../../../components/QueryStatus.tsx';
import type { Plan } from '../../../billing/index.ts';
import { PlanForm } from './PlanForm.tsx';
import { planChanges } from './plan-form.ts';
import { usePlans, useUpdatePlan } from './use-plans.ts';

function EditPlan({ plan }: { plan: Plan }) {
  const update = useUpdatePlan(plan.id);
  const [unchanged, setUnchanged] = useState(false);
  return (
    <PlanForm
      plan={plan}
      submitLabel="Save plan"
      pending={update.isPending}
      error={update.error}
      done={(unchanged && 'Nothing changed.') || (update.isSuccess && 'Saved.')}
      onSubmit={(values) => {
        const changes = planChanges(plan, values);
        const empty = Object.keys(changes).length === 0;
        setUnchanged(empty);
        if (!empty) update.mutate(changes);
      }}
    />
  );
}

/** One plan, edited; the API has no read of a single plan, so it is found in the (unpaged) list of them all. */
export function PlanPage() {
  const { planId = '' } = useParams();
  const plans = usePlans();
  const plan = plans.data?.find((p) => p.id === planId);
  return (
    <div className="page stack">
      <div>
        <Link to="/console/billing">All plans</Link>
        <h1>{plan ? `Plan ${plan.name}` : 'Plan'}</h1>
      </div>
      {plans.isPending && <Loading label="Loading the plan…" />}
      {plans.isError && <LoadError error={plans.error} onRetry={() => plans.refetch()} />}
      {plans.isSuccess && !plan && <p className="empty">There is no such plan.</p>}
      {plan && <EditPlan key={plan.id} plan={plan} />}
    </div>
  );
}
