import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { LoadError, Loading } from '../../components/QueryStatus.tsx';
import { TriggersSection } from '../triggers/index.ts';
import { RefineAssistant } from './RefineAssistant.tsx';
import { RunWorkflowForm } from './RunWorkflowForm.tsx';
import { useArchiveWorkflow, useUpdateWorkflow, useWorkflow } from './use-workflows.ts';
import { WorkflowForm } from './WorkflowForm.tsx';
import { stepsFromDefinition, workflowBody, workflowFormValues } from './workflow-form.ts';
import type { Workflow } from './workflows-api.ts';

/** One workflow: run it, edit it (by hand or with the assistant), its triggers, archive it. */
export function WorkflowPage() {
  const { workflowId = '' } = useParams();
  const workflow = useWorkflow(workflowId);

  return (
    <div className="page stack">
      <p>
        <Link to="/agents/workflows">Back to workflows</Link>
      </p>
      {workflow.isPending && <Loading />}
      {workflow.isError && <LoadError error={workflow.error} onRetry={() => workflow.refetch()} />}
      {workflow.data && <WorkflowDetails key={workflow.data.id} workflow={workflow.data} />}
    </div>
  );
}

function WorkflowDetails({ workflow }: { workflow: Workflow }) {
  const update = useUpdateWorkflow(workflow.id);
  const archive = useArchiveWorkflow(workflow.id);
  const navigate = useNavigate();
  // The form's values live here: the assistant, outside the form, loads its proposals into them.
  const [values, setValues] = useState(() => workflowFormValues(workflow));

  return (
    <>
      <h1>{workflow.name}</h1>
      <section aria-labelledby="run-workflow" className="stack">
        <h2 id="run-workflow">Run</h2>
        <RunWorkflowForm workflowId={workflow.id} />
      </section>
      <section aria-labelledby="edit-workflow" className="stack">
        <h2 id="edit-workflow">Settings</h2>
        <WorkflowForm
          values={values}
          onChange={(changed) => {
            setValues(changed);
            update.reset();
          }}
          submitLabel="Save changes"
          pending={update.isPending}
          error={update.error}
          selfId={workflow.id}
          onSubmit={(submitted) => update.mutate(workflowBody(submitted))}
        />
        {update.isSuccess && <p role="status">Saved.</p>}
      </section>
      <RefineAssistant
        workflowId={workflow.id}
        onApply={(definition) => {
          setValues((current) => ({ ...current, steps: stepsFromDefinition(definition) }));
          update.reset();
        }}
      />
      <TriggersSection owner={{ kind: 'workflows', id: workflow.id }} />
      <section aria-labelledby="archive-workflow" className="stack">
        <h2 id="archive-workflow">Archive</h2>
        <p className="muted">An archived workflow can no longer run; its threads stay.</p>
        <div>
          <button
            type="button"
            className="button button--danger"
            disabled={archive.isPending}
            onClick={() => archive.mutate(undefined, { onSuccess: () => navigate('/agents/workflows') })}
          >
            Archive workflow
          </button>
        </div>
        <ErrorAlert error={archive.error} />
      </section>
    </>
  );
}
