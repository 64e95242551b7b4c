import type { Definition, WorkflowView } from './schemas.ts';
import type { WorkflowRow } from './store.ts';

export function toWorkflowView(row: WorkflowRow): WorkflowView {
  return {
    id: row.id,
    organization_id: row.organizationId,
    name: row.name,
    description: row.description,
    definition: row.definition as Definition,
    config: row.config,
    visibility: row.visibility,
    discussion_agent_id: row.discussionAgentId,
    created_by: row.createdBy,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
