import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCreateWorkflow } from './use-workflows.ts';
import { WorkflowForm } from './WorkflowForm.tsx';
import { workflowBody, workflowFormValues } from './workflow-form.ts';

export function NewWorkflowPage() {
  const create = useCreateWorkflow();
  const navigate = useNavigate();
  const [values, setValues] = useState(workflowFormValues);

  return (
    <div className="page stack">
      <p>
        <Link to="/agents/workflows">Back to workflows</Link>
      </p>
      <h1>New workflow</h1>
      <WorkflowForm
        values={values}
        onChange={setValues}
        submitLabel="Create workflow"
        pending={create.isPending}
        error={create.error}
        onSubmit={(submitted) =>
          create.mutate(workflowBody(submitted), {
            onSuccess: (workflow) => navigate(`/agents/workflows/${workflow.id}`),
          })
        }
      />
    </div>
  );
}
