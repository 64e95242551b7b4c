import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormActions } from '../../components/FormActions.tsx';
import { FormField } from '../../components/FormField.tsx';
import { parseJsonObject } from './json-object.ts';
import { useRunWorkflow } from './use-workflows.ts';

/** The API's bound on a run's input, serialised (src/modules/workflows/schemas.ts). */
const INPUT_MAX_CHARS = 65_536;

function parseInput(text: string) {
  const parsed = parseJsonObject(text);
  if (!parsed.ok) return parsed;
  if (JSON.stringify(parsed.value).length > INPUT_MAX_CHARS)
    return { ok: false as const, error: 'At most 64 KB of input.' };
  return parsed;
}

/** Starts the workflow in a new thread and opens that conversation, where the run streams. */
export function RunWorkflowForm({ workflowId }: { workflowId: string }) {
  const run = useRunWorkflow(workflowId);
  const navigate = useNavigate();
  const [input, setInput] = useState('{}');
  const [problem, setProblem] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseInput(input);
    setProblem(parsed.ok ? undefined : parsed.error);
    if (parsed.ok) run.mutate(parsed.value, { onSuccess: ({ thread }) => navigate(`/threads/${thread.id}`) });
  };

  return (
    <form onSubmit={submit} noValidate className="stack">
      <FormField label="Input" hint="A JSON object; the steps read its keys as {{input.<key>}}." error={problem}>
        {(control) => (
          <textarea {...control} rows={3} spellCheck={false} value={input} onChange={(e) => setInput(e.target.value)} />
        )}
      </FormField>
      <FormActions error={run.error} pending={run.isPending} submitLabel="Run workflow" />
    </form>
  );
}
