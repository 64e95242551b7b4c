import { z } from 'zod';
import type { Executor } from '../../platform/db/client.ts';
import { type ExtractLimits, extractText, UnreadableFile, UnsupportedFileType } from '../../platform/extract/index.ts';
import { defineTool, errorResult, type RunTool, type ToolOutcome, text } from '../runs/service.ts';
import type { MicrosoftConnection } from './service.ts';
import { type MicrosoftClient, MicrosoftError } from './vendors/microsoft.ts';

/**
 * The Microsoft 365 connector's agent tools: `m365_search_files` (Graph search over the organization's drive
 * items) and `m365_read_file` (a drive item's text through the text extractors ingestion uses). Each reads the
 * organization's connection itself and runs outside the engine's transaction (it writes nothing of ours, and a
 * Graph call must not hold the database's connection, the embedded database's only one); no connection, a missing region, a vendor
 * failure or an unreadable file is an `{ error }` for the model, never a thrown error.
 */

export interface MicrosoftToolsDeps {
  /** The organization's connected Microsoft 365 app (integrations service `microsoftConnection`), or null. */
  connection: (organizationId: string, ex: Executor) => Promise<MicrosoftConnection | null>;
  microsoft: MicrosoftClient;
  /** The extraction worker's bounds (ATRIUM_EXTRACT_*), the ones ingestion reads project files with. */
  extract: ExtractLimits;
}

/** The largest file `m365_read_file` downloads: Graph's reported size is checked first, then the bytes as they come. */
export const MAX_READ_BYTES = 10 * 1024 * 1024;
/** Characters of a file's text handed to the model; the rest is cut off with a note. */
export const MAX_READ_CHARS = 50_000;
/** Graph's hit summaries are a sentence or two; this bounds one that is not. */
const MAX_SUMMARY_CHARS = 800;

export const NOT_CONNECTED =
  'This organization has no connected Microsoft 365 integration; an admin connects one under Integrations.';
export const NO_REGION =
  'The Microsoft 365 integration has no region, and Microsoft Graph only searches with an app’s own credentials ' +
  'when the request names the tenant’s data region. An admin sets config.region (e.g. NAM, EUR, GBR) on the ' +
  'integration under Integrations.';

const TRUNCATED_NOTE =
  `Only the first ${MAX_READ_CHARS.toLocaleString('en-US')} characters of the file's text are shown; ` +
  'the rest was cut off.';

export const M365SearchFilesInput = z.object({
  query: text(500).describe("Words to look for in the names and contents of the organization's Microsoft 365 files"),
  limit: z.number().int().min(1).max(25).default(8).describe('How many files to return'),
});

/** Graph mints drive ids like `b!…` and item ids like `01ABC…`: taken as given, checked by the client. */
const graphId = (what: string) =>
  z.string().trim().min(1).max(256).describe(`The ${what} of a file, as m365_search_files returned it`);

export const M365ReadFileInput = z.object({ drive_id: graphId('drive_id'), item_id: graphId('item_id') });

/** A vendor failure as the model's `{ error }`: MicrosoftError messages are built from safe parts, never a secret. */
async function vendorCall<T>(call: () => Promise<T>): Promise<{ value: T } | { outcome: ToolOutcome }> {
  try {
    return { value: await call() };
  } catch (error) {
    if (error instanceof MicrosoftError) return { outcome: errorResult(error.message) };
    throw error;
  }
}

/** The text cut at `max` characters, never between the two halves of a surrogate pair. */
function cut(value: string, max: number): string {
  if (value.length <= max) return value;
  const end = /[\uD800-\uDBFF]/.test(value[max - 1]!) ? max - 1 : max;
  return value.slice(0, end);
}

/** The file's text, or why it cannot be read, as ingestion words it. */
async function readText(
  file: { name: string; mimeType: string | null; bytes: Buffer },
  limits: ExtractLimits,
): Promise<{ text: string; truncated: boolean } | { error: string }> {
  try {
    return await extractText(
      { filename: file.name, mimeType: file.mimeType ?? 'application/octet-stream', data: file.bytes },
      limits,
    );
  } catch (error) {
    if (error instanceof UnsupportedFileType) return { error: error.message };
    if (error instanceof UnreadableFile) return { error: `Could not read ${file.name}: ${error.reason}` };
    // The worker did not start: nothing about the file, and worth another try later.
    return { error: `Could not read ${file.name} right now: the text extractor failed to start. Try again later.` };
  }
}

export function createMicrosoftTools(deps: MicrosoftToolsDeps): RunTool[] {
  const searchFiles = defineTool({
    name: 'm365_search_files',
    description:
      "Search the organization's Microsoft 365 files (OneDrive and SharePoint) by words in their names and " +
      'contents. Returns each file with its drive_id and item_id (give both to m365_read_file to read it), name, ' +
      'link, size, last change and a snippet around the matched words.',
    inputSchema: M365SearchFilesInput,
    outsideTransaction: true,
    async run(input, ctx) {
      const connection = await deps.connection(ctx.organizationId, ctx.tx);
      if (!connection) return errorResult(NOT_CONNECTED);
      // Guessing the region would search the wrong geography or fail; the admin knows the tenant's.
      if (!connection.region) return errorResult(NO_REGION);
      const { region } = connection;
      const found = await vendorCall(() =>
        deps.microsoft.searchFiles(connection.app, input.query, input.limit, region),
      );
      if ('outcome' in found) return found.outcome;
      const results = found.value.map((hit) => ({
        drive_id: hit.driveId,
        item_id: hit.id,
        name: hit.name,
        web_url: hit.webUrl,
        size: hit.size,
        last_modified: hit.lastModified,
        summary: hit.summary === null ? null : cut(hit.summary, MAX_SUMMARY_CHARS),
      }));
      return {
        kind: 'result',
        output: {
          query: input.query,
          results,
          ...(results.length === 0 ? { note: 'No Microsoft 365 file matched. Try other words.' } : {}),
        },
      };
    },
  });

  const readFile = defineTool({
    name: 'm365_read_file',
    description:
      'Read the text of a Microsoft 365 file found with m365_search_files (txt, md, csv, json, html, pdf, docx, ' +
      `xlsx; up to ${MAX_READ_BYTES / 1024 / 1024} MB). Long texts are cut at ` +
      `${MAX_READ_CHARS.toLocaleString('en-US')} characters.`,
    inputSchema: M365ReadFileInput,
    outsideTransaction: true,
    async run(input, ctx) {
      const connection = await deps.connection(ctx.organizationId, ctx.tx);
      if (!connection) return errorResult(NOT_CONNECTED);
      const fetched = await vendorCall(() =>
        deps.microsoft.readFile(connection.app, { driveId: input.drive_id, itemId: input.item_id }, MAX_READ_BYTES),
      );
      if ('outcome' in fetched) return fetched.outcome;
      const file = fetched.value;
      const read = await readText(file, deps.extract);
      if ('error' in read) return errorResult(read.error);
      // Acts keep the output as JSON, which cannot hold NUL characters (some binary formats leave them in text).
      const full = read.text.replaceAll('\u0000', '');
      const shown = cut(full, MAX_READ_CHARS);
      const truncated = read.truncated || shown.length < full.length;
      return {
        kind: 'result',
        output: {
          name: file.name,
          mime_type: file.mimeType,
          text: shown,
          truncated,
          ...(truncated ? { note: TRUNCATED_NOTE } : {}),
          ...(shown.trim() === '' ? { note: 'The file has no text to read.' } : {}),
        },
      };
    },
  });

  return [searchFiles, readFile] as RunTool[];
}

/**
 * The tools with their gate, as the runs module's registry composes connectors: offered to a run only when the
 * organization has a connected Microsoft 365 integration.
 */
export function createMicrosoftConnector(
  deps: MicrosoftToolsDeps & {
    /** Whether the organization has one connected, read without opening its secret (once per run delivery). */
    connected: (organizationId: string, ex: Executor) => Promise<boolean>;
  },
) {
  return { tools: createMicrosoftTools(deps), connected: deps.connected };
}
