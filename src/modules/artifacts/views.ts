import type { z } from 'zod';
import type { ArtifactSchema } from './schemas.ts';
import type { ArtifactRow } from './store.ts';
import type { ArtifactType } from './types.ts';

export function toArtifactView(row: ArtifactRow): z.output<typeof ArtifactSchema> {
  return {
    id: row.id,
    organization_id: row.organizationId,
    thread_id: row.threadId,
    parent_id: row.parentId,
    run_id: row.runId,
    created_by_tool: row.createdByTool,
    type: row.type as ArtifactType,
    title: row.title,
    description: row.description,
    filename: row.filename,
    mime_type: row.mimeType,
    size_bytes: row.sizeBytes,
    storage_key: row.storageKey,
    status: row.status,
    code: row.code,
    content: row.content,
    generator: row.generator,
    generator_version: row.generatorVersion,
    prompt: row.prompt,
    model: row.model,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
