import { z } from 'zod';
import { pageQuery } from '../../platform/http/pagination.ts';
import { booleanQuery } from '../../platform/http/query.ts';

export const ThreadCreatorTypeSchema = z.enum(['user', 'agent', 'workflow']);

export const ThreadSchema = z
  .object({
    id: z.uuid(),
    organization_id: z.uuid(),
    created_by_type: ThreadCreatorTypeSchema,
    created_by_id: z.uuid(),
    title: z.string().nullable(),
    project_id: z.uuid().nullable(),
    is_pinned: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Thread' });

export const ThreadWithRunSchema = ThreadSchema.extend({
  active_run_id: z.uuid().nullable().describe('The running or awaiting run, or null'),
}).meta({ id: 'ThreadWithActiveRun' });

const title = z.string().trim().max(255);
const instant = z.iso.datetime({ offset: true });

export const ThreadListQuery = pageQuery().extend({
  search: z.string().trim().max(255).optional().describe('Case-insensitive substring of the title'),
  created_from: instant.optional().describe('Inclusive lower bound of created_at'),
  created_to: instant.optional().describe('Inclusive upper bound of created_at'),
  project_id: z.uuid().optional(),
  created_by_type: ThreadCreatorTypeSchema.optional(),
  created_by_id: z.uuid().optional(),
  is_pinned: booleanQuery.optional(),
});

export const CreateThreadBody = z
  .strictObject({
    title: title.nullable().optional(),
    project_id: z.uuid().nullable().optional(),
    created_by_type: ThreadCreatorTypeSchema.default('user'),
    created_by_id: z.uuid().optional().describe('The agent or workflow; ignored for user threads (the caller)'),
  })
  .nullish()
  .transform((b) => b ?? { created_by_type: 'user' as const });

/** Other fields are ignored, as the spec says; only these three are read. */
export const PatchThreadBody = z.object({
  title: title.nullable().optional(),
  project_id: z.uuid().nullable().optional(),
  is_pinned: z.boolean().optional(),
});

export type ThreadListFilters = z.output<typeof ThreadListQuery>;
export type CreateThreadInput = z.output<typeof CreateThreadBody>;
export type PatchThreadInput = z.output<typeof PatchThreadBody>;
