import { z } from 'zod';
import type { ModelCallContext } from '../../../platform/models/index.ts';
import { defineTool, text } from './define.ts';

/**
 * Search in one project's files (the projects module's): full-text, fused with vector similarity when the
 * organization has an embeddings model, whose call for the query is charged as `attribution` says.
 */
export interface ProjectSearch {
  searchProject(
    organizationId: string,
    projectId: string,
    query: string,
    limit: number,
    attribution: Omit<ModelCallContext, 'organizationId'>,
  ): Promise<{ data: { file_id: string; filename: string; snippet: string; rank: number }[] }>;
}

export const SearchProjectFilesInput = z.object({
  query: text(500).describe('Words to look for; "quoted phrases", OR and -exclusions work as in a web search'),
  limit: z.number().int().min(1).max(20).default(8).describe('How many passages to return'),
});

export type SearchProjectFilesInput = z.output<typeof SearchProjectFilesInput>;

/** Passages, not whole files: enough context for the model, bounded in size. */
const MAX_SNIPPET_CHARS = 800;

export function searchProjectFilesTool(projects: ProjectSearch) {
  return defineTool({
    name: 'search_project_files',
    description:
      "Search in the files of this conversation's project, by their words and, when the organization has an " +
      'embeddings model, by meaning. Returns the best matching passages with their file names; matched words are ' +
      'marked with << and >>.',
    inputSchema: SearchProjectFilesInput,
    // It writes none of the run's data, and the query's embedding may wait on a vendor.
    outsideTransaction: true,
    async run(input, ctx) {
      if (!ctx.projectId) {
        return {
          kind: 'result',
          output: {
            results: [],
            note: 'This conversation does not belong to a project, so there are no project files to search.',
          },
        };
      }
      const { data } = await projects.searchProject(
        ctx.organizationId,
        ctx.projectId,
        input.query,
        input.limit,
        ctx.usageContext,
      );
      return {
        kind: 'result',
        output: {
          query: input.query,
          results: data.map((hit) => ({
            file_id: hit.file_id,
            filename: hit.filename,
            snippet: hit.snippet.slice(0, MAX_SNIPPET_CHARS),
            rank: Math.round(hit.rank * 1e4) / 1e4,
          })),
          ...(data.length === 0 ? { note: 'No project file matched. Try other words.' } : {}),
        },
      };
    },
  });
}
