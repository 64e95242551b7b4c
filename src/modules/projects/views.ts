import type { z } from 'zod';
import type { MemberRow } from './members.store.ts';
import type { ProjectListRowSchema, ProjectMemberSchema, ProjectSchema } from './schemas.ts';
import type { ProjectRow } from './store.ts';

export function toProjectView(row: ProjectRow): z.output<typeof ProjectSchema> {
  return {
    id: row.id,
    organization_id: row.organizationId,
    name: row.name,
    description: row.description,
    status: row.status,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toProjectListRow(row: {
  project: ProjectRow;
  conversationCount: number;
  fileCount: number;
  memberCount: number;
  memberPreview: string;
  viewerRole: 'admin' | 'member';
}): z.output<typeof ProjectListRowSchema> {
  return {
    ...toProjectView(row.project),
    conversation_count: row.conversationCount,
    file_count: row.fileCount,
    member_count: row.memberCount,
    member_preview: JSON.parse(row.memberPreview) as { user_id: string; display_name: string }[],
    viewer_role: row.viewerRole,
  };
}

export function toMemberView(row: MemberRow): z.output<typeof ProjectMemberSchema> {
  return {
    project_id: row.projectId,
    user_id: row.userId,
    role: row.role,
    added_by_user_id: row.addedByUserId,
    added_at: row.addedAt.toISOString(),
    display_name: row.displayName,
  };
}
