import { z } from 'zod';
import { MAX_PAGE_SIZE, pageQuery, pageSchema } from '../../platform/http/pagination.ts';
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
  // Sent back as a Content-Type header, so no control character (a CRLF would split headers).
  mime_type: z
    .string()
    .trim()
    .min(1)
    .max(255)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'must not contain control characters'),
  size_bytes: z.number().int().positive().max(MAX_UPLOAD_BYTES),
});

export const UploadUrlSchema = z.object({ file_id: z.uuid(), upload_url: z.string(), expires_at: z.string() });
/**
 * The list was unpaginated: the default page is the largest one, so a project of up to 100 files still comes in
 * one answer, and `has_more` / `next_cursor` lead through larger ones.
 */
export const FileListQuery = z.strictObject({
  ...pageQuery(MAX_PAGE_SIZE, MAX_PAGE_SIZE).shape,
  is_deleted: booleanQuery.default(false),
});
export const ProjectFilePageSchema = pageSchema(ProjectFileListRowSchema);
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
