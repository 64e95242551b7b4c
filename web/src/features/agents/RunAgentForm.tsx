import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormActions } from '../../components/FormActions.tsx';
import { TextField } from '../../components/TextField.tsx';
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
      <TextField
        label="Prompt"
        error={blank ? 'Write what the agent should do.' : undefined}
        rows={3}
        value={prompt}
        maxLength={PROMPT_MAX}
        onChange={setPrompt}
      />
      <FormActions error={run.error} pending={run.isPending} submitLabel="Run agent" />
    </form>
  );
}
