import type { z } from 'zod';
import { isoOrNull } from '../../platform/http/time.ts';
import type { ProjectFileListRowSchema, ProjectFileSchema } from './files.schemas.ts';
import type { ProjectFileRow } from './files.store.ts';

type Status = z.output<typeof ProjectFileListRowSchema>['status'];
type IndexStatus = z.output<typeof ProjectFileListRowSchema>['index_status'];

export function toFileListRow(row: ProjectFileRow): z.output<typeof ProjectFileListRowSchema> {
  return {
    id: row.id,
    organization_id: row.organizationId,
    project_id: row.projectId,
    filename: row.filename,
    mime_type: row.mimeType,
    size_bytes: row.sizeBytes,
    status: row.status as Status,
    index_status: row.indexStatus as IndexStatus,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toFileView(row: ProjectFileRow): z.output<typeof ProjectFileSchema> {
  return {
    ...toFileListRow(row),
    storage_key: row.storageKey,
    error: row.error,
    content: row.content,
    extractor: row.extractor,
    extractor_version: row.extractorVersion,
    extracted_at: isoOrNull(row.extractedAt),
    indexed_at: isoOrNull(row.indexedAt),
    uploaded_by: row.uploadedBy,
  };
}
