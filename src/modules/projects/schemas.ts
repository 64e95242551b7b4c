import { z } from 'zod';
import { pageQuery } from '../../platform/http/pagination.ts';
import { booleanQuery } from '../../platform/http/query.ts';

export const ProjectRoleSchema = z.enum(['admin', 'member']);

/** A project's member is a user or a service account of the organization: exactly one of the two ids is set. */
const principal = z.object({
  user_id: z.uuid().nullable().describe('The member when it is a user, else null'),
  service_account_id: z.uuid().nullable().describe('The member when it is a service account, else null'),
});

export const ProjectSchema = z
  .object({
    id: z.uuid(),
    organization_id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    status: z.enum(['active', 'archived']),
    created_by: z.uuid().describe('The creating user or service account'),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Project' });

export const ProjectListRowSchema = ProjectSchema.extend({
  conversation_count: z.number().int(),
  file_count: z.number().int().describe('Files with status ready'),
  member_count: z.number().int().describe('Member rows plus the creator when the creator has no row'),
  member_preview: z
    .array(principal.extend({ display_name: z.string() }))
    .describe('Up to 5: the creator first, then members by time added'),
  viewer_role: ProjectRoleSchema,
}).meta({ id: 'ProjectListRow' });

export const ProjectMemberSchema = z
  .object({
    project_id: z.uuid(),
    ...principal.shape,
    role: ProjectRoleSchema,
    added_by_user_id: z.uuid().nullable().describe('Null when a service account added the member, or for the creator'),
    added_by_service_account_id: z.uuid().nullable().describe('The service account whose key added the member'),
    added_at: z.string(),
    display_name: z.string().describe("A user's display name, or the service account's name"),
  })
  .meta({ id: 'ProjectMember' });

const name = z.string().trim().min(1).max(255);
const description = z.string().max(5000).nullable();

export const ProjectListQuery = pageQuery().extend({ is_archived: booleanQuery.default(false) });
export const CreateProjectBody = z.strictObject({ name, description: description.optional() });
export const PatchProjectBody = z.strictObject({ name, description, status: z.enum(['active', 'archived']) }).partial();
/** Exactly one of `user_id` and `service_account_id` (checked by the service: a 422 that names both fields). */
export const AddMemberBody = z.strictObject({
  user_id: z.uuid().optional(),
  service_account_id: z.uuid().optional(),
  role: ProjectRoleSchema.default('member'),
});
export const PatchMemberBody = z.strictObject({ role: ProjectRoleSchema });

export type PatchProjectInput = z.output<typeof PatchProjectBody>;
export type AddMemberInput = z.output<typeof AddMemberBody>;
