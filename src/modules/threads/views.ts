import type { z } from 'zod';
import type { ThreadSchema, ThreadWithRunSchema } from './schemas.ts';
import type { ThreadRow } from './store.ts';

export function toThreadView(row: ThreadRow): z.output<typeof ThreadSchema> {
  return {
    id: row.id,
    organization_id: row.organizationId,
    created_by_type: row.createdByType,
    created_by_id: row.createdById,
    title: row.title,
    project_id: row.projectId,
    is_pinned: row.isPinned,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export const toThreadWithRunView = (row: {
  thread: ThreadRow;
  activeRunId: string | null;
}): z.output<typeof ThreadWithRunSchema> => ({ ...toThreadView(row.thread), active_run_id: row.activeRunId });
