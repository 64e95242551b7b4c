import { CardListPage, visibilityLabel } from '../../components/CardListPage.tsx';
import { useWorkflows } from './use-workflows.ts';

const stepCount = (count: number) => (count === 1 ? '1 step' : `${count} steps`);

export function WorkflowsPage() {
  return (
    <CardListPage
      title="Workflows"
      intro="Steps that run in order, each a prompt, a tool, a skill, an agent or another workflow."
      create={{ to: '/agents/workflows/new', label: 'New workflow' }}
      empty="No workflows yet."
      items={useWorkflows()}
      card={(workflow) => ({
        id: workflow.id,
        to: `/agents/workflows/${workflow.id}`,
        name: workflow.name,
        description: workflow.description,
        meta: `${stepCount(workflow.definition.steps.length)} · ${visibilityLabel(workflow.visibility)}`,
      })}
    />
  );
}
