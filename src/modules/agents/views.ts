import type { z } from 'zod';
import type { AgentSchema } from './schemas.ts';
import type { AgentRow } from './store.ts';

export function toAgentView(row: AgentRow): z.output<typeof AgentSchema> {
  return {
    id: row.id,
    organization_id: row.organizationId,
    name: row.name,
    description: row.description,
    system_prompt: row.systemPrompt,
    config: row.config,
    visibility: row.visibility,
    default_skill_slugs: row.defaultSkillSlugs,
    created_by: row.createdBy,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
