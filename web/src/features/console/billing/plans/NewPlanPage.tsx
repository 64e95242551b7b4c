import { Link, useNavigate } from 'react-router';
import { PlanForm } from './PlanForm.tsx';
import { newPlanBody } from './plan-form.ts';
import { useCreatePlan } from './use-plans.ts';

/** A new plan; created, the list of plans shows it. */
export function NewPlanPage() {
  const create = useCreatePlan();
  const navigate = useNavigate();
  return (
    <div className="page stack">
      <div>
        <Link to="/console/billing">All plans</Link>
        <h1>New plan</h1>
      </div>
      <PlanForm
        submitLabel="Create plan"
        pending={create.isPending}
        error={create.error}
        onSubmit={(values) => create.mutate(newPlanBody(values), { onSuccess: () => navigate('/console/billing') })}
      />
    </div>
  );
}
