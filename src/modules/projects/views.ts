import type { z } from 'zod';
import type { MemberRow, PrincipalKind } from './members.store.ts';
import type { ProjectListRowSchema, ProjectMemberSchema, ProjectSchema } from './schemas.ts';
import type { ProjectRow } from './store.ts';

type MemberView = z.output<typeof ProjectMemberSchema>;

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
    member_preview: JSON.parse(row.memberPreview) as z.output<typeof ProjectListRowSchema>['member_preview'],
    viewer_role: row.viewerRole,
  };
}

export function toMemberView(row: MemberRow): MemberView {
  return {
    project_id: row.projectId,
    user_id: row.userId,
    service_account_id: row.serviceAccountId,
    role: row.role,
    added_by_user_id: row.addedByUserId,
    added_by_service_account_id: row.addedByServiceAccountId,
    added_at: row.addedAt.toISOString(),
    display_name: row.displayName,
  };
}

/** The creator as a member when it has no member row: an implicit admin that nobody added. */
export function toCreatorView(project: ProjectRow, creator: { kind: PrincipalKind; displayName: string }): MemberView {
  return {
    project_id: project.id,
    user_id: creator.kind === 'user' ? project.createdBy : null,
    service_account_id: creator.kind === 'service_account' ? project.createdBy : null,
    role: 'admin',
    added_by_user_id: null,
    added_by_service_account_id: null,
    added_at: project.createdAt.toISOString(),
    display_name: creator.displayName,
  };
}
