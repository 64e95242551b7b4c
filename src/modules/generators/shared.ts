import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { ArtifactsService } from '../artifacts/service.ts';
import {
  artifactResult,
  defineTool,
  errorResult,
  type RunTool,
  type ToolContext,
  type ToolOutcome,
  text,
} from '../runs/service.ts';
import type { AppliedBrand, BrandLookup } from './brand.ts';

export type ArtifactWriter = Pick<ArtifactsService, 'createArtifact'>;

/** What every generator tool is built with: where its file goes and how it learns the organization's brand. */
export interface GeneratorDeps {
  artifacts: ArtifactWriter;
  brandOf: BrandLookup;
}

/** Runs a file generator; a library refusing the content becomes an `{ error }` result rather than a crash. */
async function generate(what: string, build: () => Promise<Buffer>): Promise<Buffer | ToolOutcome> {
  try {
    return await build();
  } catch (error) {
    return errorResult(`Could not build the ${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Rejects inputs whose JSON form is longer than `max` characters (a budget over all fields together). */
export const withinBudget = (max: number) => (value: unknown, ctx: z.RefinementCtx) => {
  if (JSON.stringify(value).length > max) {
    ctx.addIssue({ code: 'custom', message: `The content is too long (at most ${max} characters in all)` });
  }
};

export const title = text(200).describe('Title of the file, shown to the person');
export const description = z.string().trim().max(1000).optional().describe('One or two sentences about the file');
export const filenameField = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .optional()
  .describe('File name without a directory; the extension is set by the tool. Defaults to the title');

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes.
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;

/** A name safe on every file system and in a Content-Disposition header: no directories, no control characters. */
export function cleanName(name: string): string {
  return name
    .normalize('NFC')
    .replace(UNSAFE_IN_NAME, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
}

/** The file name of a generated file: the requested name (or the title) cleaned, with the tool's extension. */
export function generatedFilename(requested: string | undefined, fallback: string, extension: string): string {
  const base = cleanName((requested ?? '').replace(/\.[a-z0-9]{1,5}$/i, '')) || cleanName(fallback) || 'artifact';
  return `${[...base].slice(0, 100).join('').trim()}.${extension}`;
}

const requireHere = createRequire(import.meta.url);
const versions = new Map<string, string>();

/** The installed version of a generator library (its package.json is not always exported). */
export function packageVersion(name: string): string {
  const known = versions.get(name);
  if (known) return known;
  let dir = dirname(requireHere.resolve(name));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === name && pkg.version) {
        versions.set(name, pkg.version);
        return pkg.version;
      }
    } catch {
      // no package.json here; keep climbing
    }
    const parent = dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}

/** Stores the generated file as the act's artifact and tells the model what it got. */
export async function saveArtifact(
  artifacts: ArtifactWriter,
  ctx: ToolContext,
  file: {
    tool: string;
    filename: string;
    mimeType: string;
    bytes: Buffer;
    title: string;
    description?: string | undefined;
    content: string;
    generator: string;
  },
): Promise<ToolOutcome> {
  const row = await artifacts.createArtifact(ctx.tx, {
    organizationId: ctx.organizationId,
    threadId: ctx.threadId,
    runId: ctx.runId,
    actId: ctx.actId,
    createdByTool: file.tool,
    filename: file.filename,
    mimeType: file.mimeType,
    bytes: file.bytes,
    title: file.title,
    description: file.description ?? null,
    content: file.content,
    generator: file.generator,
    generatorVersion: file.generator === 'atrium' ? '1' : packageVersion(file.generator),
    model: ctx.model,
    prompt: ctx.prompt,
  });
  return artifactResult(row);
}

const XML_INVALID =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 cannot carry.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Every string of `value` without the characters XML cannot hold (office files are XML; one would corrupt them). */
function xmlSafe<T>(value: T): T {
  if (typeof value === 'string') return value.replace(XML_INVALID, '') as T;
  if (Array.isArray(value)) return value.map(xmlSafe) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, xmlSafe(v)])) as T;
  }
  return value;
}

/**
 * A tool that builds one office file (Word, Excel, PowerPoint) from its arguments, cleaned of what XML cannot hold,
 * in the organization's brand when it has one, and stores it as the act's artifact; a library refusing the
 * content is an `{ error }` result.
 */
export function defineOfficeTool<
  I extends { title: string; filename?: string | undefined; description?: string | undefined },
>(
  deps: GeneratorDeps,
  tool: {
    name: string;
    /** What the file is called in an error ("the document"). */
    what: string;
    description: string;
    inputSchema: z.ZodType<I>;
    /** `brand` null: the unbranded look. */
    build(input: I, brand: AppliedBrand | null): Promise<Buffer>;
    extension: string;
    mimeType: string;
    /** The library that writes the file (its installed version is recorded with the artifact). */
    generator: string;
  },
): RunTool<I> {
  return defineTool({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema,
    async run(input, ctx) {
      const brand = await deps.brandOf(ctx.organizationId, ctx.tx);
      const bytes = await generate(tool.what, () => tool.build(xmlSafe(input), brand));
      if (!Buffer.isBuffer(bytes)) return bytes;
      return saveArtifact(deps.artifacts, ctx, {
        tool: tool.name,
        filename: generatedFilename(input.filename, input.title, tool.extension),
        mimeType: tool.mimeType,
        bytes,
        title: input.title,
        description: input.description,
        content: JSON.stringify(input),
        generator: tool.generator,
      });
    },
  });
}
