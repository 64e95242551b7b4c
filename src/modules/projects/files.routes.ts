import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/auth/guard.ts';
import { errorResponses, type RouteErrorCodes, uuidParam } from '../../platform/http/openapi.ts';
import {
  FileListQuery,
  ProjectFilePageSchema,
  ProjectFileSchema,
  SearchHitSchema,
  SearchQuery,
  UploadUrlBody,
  UploadUrlSchema,
} from './files.schemas.ts';
import type { ProjectFilesService } from './files.service.ts';

const tags = ['Projects'];
const projectParams = z.object({ id: uuidParam });
const fileParams = z.object({ id: uuidParam });
const config = { auth: 'any' } as const;
/** Any user or service account on the project may use its files; to anyone else it is a 404. */
const fileErrors = (own: RouteErrorCodes = {}) => errorResponses('any', { 404: ['not_found'], ...own });

export function registerProjectFileRoutes(app: FastifyInstance, files: ProjectFilesService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/v1/projects/:id/files/upload-url', {
    config,
    schema: {
      tags,
      summary:
        'Start an upload: PUT the raw bytes to upload_url once (no Authorization header, `x-ms-blob-type: BlockBlob`) within 15 minutes, then commit',
      params: projectParams,
      body: UploadUrlBody,
      response: { 201: UploadUrlSchema, ...fileErrors() },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await files.requestUpload(contextOf(req), req.params.id, req.body)),
  });

  r.post('/v1/project-files/:id/commit', {
    config,
    schema: {
      tags,
      summary: 'Finish an upload: the file becomes ready and its ingestion is queued',
      params: fileParams,
      response: { 200: ProjectFileSchema, ...fileErrors({ 409: ['file_not_pending', 'upload_incomplete'] }) },
    },
    handler: (req) => files.commit(contextOf(req), req.params.id),
  });

  r.get('/v1/projects/:id/files', {
    config,
    schema: {
      tags,
      summary:
        "A project's files, newest first, paginated (limit 1-100, default 100; isDeleted=true lists the deleted ones)",
      params: projectParams,
      querystring: FileListQuery,
      response: { 200: ProjectFilePageSchema, ...fileErrors() },
    },
    handler: (req) => files.list(contextOf(req), req.params.id, req.query),
  });

  r.get('/v1/project-files/:id', {
    config,
    schema: {
      tags,
      summary: 'The whole file record: extraction and indexing state, error, extracted content',
      params: fileParams,
      response: { 200: ProjectFileSchema, ...fileErrors() },
    },
    handler: (req) => files.get(contextOf(req), req.params.id),
  });

  r.get('/v1/project-files/:id/download', {
    config,
    schema: {
      tags,
      summary: 'A download URL valid for 1 hour',
      params: fileParams,
      response: {
        200: z.object({ download_url: z.string(), expires_at: z.string() }),
        ...fileErrors(),
      },
    },
    handler: (req) => files.downloadUrl(contextOf(req), req.params.id),
  });

  r.delete('/v1/project-files/:id', {
    config,
    schema: {
      tags,
      summary: 'Delete a file and its blob: hidden from the default list and from search; download URLs stop working',
      params: fileParams,
      response: { 204: z.null().describe('Deleted'), ...fileErrors() },
    },
    handler: async (req, reply) => {
      await files.remove(contextOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  });

  r.get('/v1/projects/:id/search', {
    config,
    schema: {
      tags,
      summary: "Full-text search over the project's indexed files: ranked chunks with a snippet",
      params: projectParams,
      querystring: SearchQuery,
      response: { 200: z.object({ data: z.array(SearchHitSchema) }), ...fileErrors() },
    },
    handler: (req) => files.search(contextOf(req), req.params.id, req.query.q, req.query.limit),
  });
}
