import { z } from 'zod';
import { pageQuery } from '../../platform/http/pagination.ts';
import { ARTIFACT_TYPES } from './types.ts';

export const ArtifactSchema = z
  .object({
    id: z.uuid(),
    organization_id: z.uuid(),
    thread_id: z.uuid(),
    parent_id: z.uuid().nullable(),
    run_id: z.uuid().nullable(),
    created_by_tool: z.string().nullable(),
    type: z.enum(ARTIFACT_TYPES).describe('Inferred from the extension, then the MIME type'),
    title: z.string().nullable(),
    description: z.string().nullable(),
    filename: z.string(),
    mime_type: z.string(),
    size_bytes: z.number().int(),
    storage_key: z.string(),
    status: z.enum(['ready', 'deleted']),
    code: z.string().nullable().describe('Generator code (sandbox generation); null for built-in generators'),
    content: z.string().nullable().describe('The source the file was generated from (JSON), or the text itself'),
    generator: z.string().nullable(),
    generator_version: z.string().nullable(),
    prompt: z.string().nullable(),
    model: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Artifact' });

export const ArtifactListQuery = pageQuery();

export const DownloadUrlSchema = z.object({
  download_url: z.string().describe('Valid for 1 hour; no Authorization header needed'),
  expires_at: z.string(),
});
