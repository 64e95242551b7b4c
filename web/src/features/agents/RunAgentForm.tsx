import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { FormField } from '../../components/FormField.tsx';
import { useRunAgent } from './use-agents.ts';

const PROMPT_MAX = 100_000;

/** Starts the agent in a new thread and opens that conversation, where the run streams. */
export function RunAgentForm({ agentId }: { agentId: string }) {
  const run = useRunAgent(agentId);
  const navigate = useNavigate();
  const [prompt, setPrompt] = useState('');
  const [blank, setBlank] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const isBlank = !prompt.trim();
    setBlank(isBlank);
    if (!isBlank) run.mutate(prompt, { onSuccess: ({ thread }) => navigate(`/threads/${thread.id}`) });
  };

  return (
    <form onSubmit={submit} noValidate className="stack">
      <FormField label="Prompt" error={blank ? 'Write what the agent should do.' : undefined}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={prompt}
            maxLength={PROMPT_MAX}
            onChange={(e) => setPrompt(e.target.value)}
          />
        )}
      </FormField>
      <ErrorAlert error={run.error} />
      <div>
        <button type="submit" className="button button--primary" disabled={run.isPending}>
          Run agent
        </button>
      </div>
    </form>
  );
}
