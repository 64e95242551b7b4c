import { CardListPage, visibilityLabel } from '../../components/CardListPage.tsx';
import { useAgents } from './use-agents.ts';

export function AgentsPage() {
  return (
    <CardListPage
      title="Agents"
      intro="Assistants your organization set up, each with its own instructions, model and tools."
      create={{ to: '/agents/new', label: 'New agent' }}
      empty="No agents yet."
      items={useAgents()}
      card={(agent) => ({
        id: agent.id,
        to: `/agents/${agent.id}`,
        name: agent.name,
        description: agent.description,
        meta: visibilityLabel(agent.visibility),
      })}
    />
  );
}
