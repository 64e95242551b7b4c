import { Link, useNavigate } from 'react-router';
import { AgentForm } from './AgentForm.tsx';
import { agentBody, agentFormValues } from './agent-form.ts';
import { useCreateAgent } from './use-agents.ts';

export function NewAgentPage() {
  const create = useCreateAgent();
  const navigate = useNavigate();

  return (
    <div className="page stack">
      <p>
        <Link to="/agents">Back to agents</Link>
      </p>
      <h1>New agent</h1>
      <AgentForm
        initial={agentFormValues()}
        submitLabel="Create agent"
        pending={create.isPending}
        error={create.error}
        onSubmit={(values) =>
          create.mutate(agentBody(values), { onSuccess: (agent) => navigate(`/agents/${agent.id}`) })
        }
      />
    </div>
  );
}
