import type { SkillView } from './schemas.ts';
import type { SkillRow } from './store.ts';

export function toSkillView(row: SkillRow): SkillView {
  return {
    id: row.id,
    organization_id: row.organizationId,
    slug: row.slug,
    name: row.name,
    description: row.description,
    when_to_use: row.whenToUse,
    instructions: row.instructions,
    manifest: row.manifest,
    scripts: row.scripts as SkillView['scripts'],
    version: row.version,
    is_archived: row.isArchived,
    created_by_user_id: row.createdByUserId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
