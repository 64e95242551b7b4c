import { Link, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { LoadError, Loading } from '../../components/QueryStatus.tsx';
import { TriggersSection } from '../triggers/index.ts';
import { AgentForm } from './AgentForm.tsx';
import { agentBody, agentFormValues } from './agent-form.ts';
import type { Agent } from './agents-api.ts';
import { RunAgentForm } from './RunAgentForm.tsx';
import { useAgent, useArchiveAgent, useUpdateAgent } from './use-agents.ts';

/** One agent: run it, edit it, archive it. */
export function AgentPage() {
  const { agentId = '' } = useParams();
  const agent = useAgent(agentId);

  return (
    <div className="page stack">
      <p>
        <Link to="/agents">Back to agents</Link>
      </p>
      {agent.isPending && <Loading />}
      {agent.isError && <LoadError error={agent.error} onRetry={() => agent.refetch()} />}
      {agent.data && <AgentDetails key={agent.data.id} agent={agent.data} />}
    </div>
  );
}

function AgentDetails({ agent }: { agent: Agent }) {
  const update = useUpdateAgent(agent.id);
  const archive = useArchiveAgent(agent.id);
  const navigate = useNavigate();

  return (
    <>
      <h1>{agent.name}</h1>
      <section aria-labelledby="run-agent" className="stack">
        <h2 id="run-agent">Run</h2>
        <RunAgentForm agentId={agent.id} />
      </section>
      <section aria-labelledby="edit-agent" className="stack">
        <h2 id="edit-agent">Settings</h2>
        <AgentForm
          initial={agentFormValues(agent)}
          submitLabel="Save changes"
          pending={update.isPending}
          error={update.error}
          onSubmit={(values) => update.mutate(agentBody(values, agent.config))}
        />
        {update.isSuccess && <p role="status">Saved.</p>}
      </section>
      <TriggersSection owner={{ kind: 'agents', id: agent.id }} />
      <section aria-labelledby="archive-agent" className="stack">
        <h2 id="archive-agent">Archive</h2>
        <p className="muted">An archived agent can no longer run; its threads stay.</p>
        <div>
          <button
            type="button"
            className="button button--danger"
            disabled={archive.isPending}
            onClick={() => archive.mutate(undefined, { onSuccess: () => navigate('/agents') })}
          >
            Archive agent
          </button>
        </div>
        <ErrorAlert error={archive.error} />
      </section>
    </>
  );
}
