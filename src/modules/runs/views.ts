import type { z } from 'zod';
import type { ActSchema, AttachmentSchema, Interrupt, MessageSchema, RunSchema } from './schemas.ts';
import type { ActRow, MessageRow, RunRow } from './store.ts';

export function toMessageView(row: MessageRow): z.output<typeof MessageSchema> {
  return {
    id: row.id,
    thread_id: row.threadId,
    role: row.role,
    content: row.content,
    run_id: row.runId,
    created_by_type: row.createdByType,
    created_by_id: row.createdById,
    metadata: row.metadata,
    attachments: row.attachments as z.output<typeof AttachmentSchema>[],
    created_at: row.createdAt.toISOString(),
  };
}

export function toRunView(row: RunRow): z.output<typeof RunSchema> {
  return {
    id: row.id,
    thread_id: row.threadId,
    status: row.status,
    agent_id: row.agentId,
    workflow_id: row.workflowId,
    error: row.error ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

/** The act as events and snapshots show it (camelCase, as the Events section names its fields). */
export function toActView(row: ActRow): z.output<typeof ActSchema> {
  return {
    id: row.id,
    key: row.key,
    status: row.status,
    description: row.description,
    dependsOn: row.dependsOn,
    error: row.error,
    interrupt: row.status === 'awaiting' ? ((row.interrupt as Interrupt | null) ?? null) : null,
  };
}
