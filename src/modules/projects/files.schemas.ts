import { z } from 'zod';
import { booleanQuery } from '../../platform/http/query.ts';

const fileStatus = z.enum(['pending', 'ready', 'failed', 'deleted']);
const indexStatus = z.enum(['pending', 'processing', 'ready', 'failed']);

export const ProjectFileListRowSchema = z
  .object({
    id: z.uuid(),
    organization_id: z.uuid(),
    project_id: z.uuid(),
    filename: z.string(),
    mime_type: z.string(),
    size_bytes: z.number().int(),
    status: fileStatus,
    index_status: indexStatus,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ProjectFileListRow' });

export const ProjectFileSchema = ProjectFileListRowSchema.extend({
  storage_key: z.string(),
  error: z.string().nullable(),
  content: z.string().nullable().describe('Extracted text, once indexed'),
  extractor: z.string().nullable(),
  extractor_version: z.string().nullable(),
  extracted_at: z.string().nullable(),
  indexed_at: z.string().nullable(),
  uploaded_by: z.uuid().nullable(),
}).meta({ id: 'ProjectFile' });

/** Upload size bound: large enough for real documents, small enough for one extraction in memory. */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

export const UploadUrlBody = z.strictObject({
  filename: z
    .string()
    .trim()
    .min(1)
    .max(512)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
    .refine((v) => !/[\\/\u0000-\u001f]/.test(v), 'must be a plain file name'),
  mime_type: z.string().trim().min(1).max(255),
  size_bytes: z.number().int().positive().max(MAX_UPLOAD_BYTES),
});

export const UploadUrlSchema = z.object({ file_id: z.uuid(), upload_url: z.string(), expires_at: z.string() });
export const FileListQuery = z.strictObject({ is_deleted: booleanQuery.default(false) });
export const SearchQuery = z.strictObject({
  q: z.string().trim().min(1).max(500),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const SearchHitSchema = z.object({
  file_id: z.uuid(),
  filename: z.string(),
  chunk_id: z.uuid(),
  snippet: z.string().describe('Matched words are wrapped in << and >>'),
  rank: z.number(),
});
