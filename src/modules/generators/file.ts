import { z } from 'zod';
import { defineTool, errorResult } from '../runs/service.ts';
import { type ArtifactWriter, cleanName, description, saveArtifact } from './shared.ts';

export const MAX_TEXT_FILE_BYTES = 1024 * 1024;

/** Text formats create_file writes, with the media type each is stored and served as. */
export const TEXT_FILE_TYPES: Record<string, string> = {
  txt: 'text/plain',
  log: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
  jsonl: 'application/x-ndjson',
  ndjson: 'application/x-ndjson',
  html: 'text/html',
  htm: 'text/html',
  xml: 'application/xml',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  toml: 'application/toml',
  ini: 'text/plain',
  css: 'text/css',
  scss: 'text/x-scss',
  js: 'text/javascript',
  mjs: 'text/javascript',
  jsx: 'text/javascript',
  ts: 'text/x-typescript',
  tsx: 'text/x-typescript',
  py: 'text/x-python',
  rb: 'text/x-ruby',
  go: 'text/x-go',
  rs: 'text/x-rust',
  java: 'text/x-java',
  kt: 'text/x-kotlin',
  swift: 'text/x-swift',
  c: 'text/x-c',
  h: 'text/x-c',
  cpp: 'text/x-c++',
  hpp: 'text/x-c++',
  cs: 'text/x-csharp',
  php: 'text/x-php',
  sh: 'text/x-shellscript',
  sql: 'application/sql',
  r: 'text/x-r',
  tex: 'text/x-tex',
};

export const CreateFileInput = z.object({
  filename: z
    .string()
    .trim()
    .min(1)
    .max(120)
    .describe(`File name with its extension, one of: ${Object.keys(TEXT_FILE_TYPES).join(', ')}`),
  content: z.string().min(1).max(MAX_TEXT_FILE_BYTES).describe('The whole text of the file (UTF-8, at most 1 MB)'),
  title: z.string().trim().min(1).max(200).optional().describe('Defaults to the file name'),
  description,
});

export type CreateFileInput = z.output<typeof CreateFileInput>;

/** The file name create_file stores: no directory part, cleaned, a known text extension; or why not. */
export function textFilename(requested: string): { filename: string; mimeType: string } | { error: string } {
  const base = cleanName(requested.split(/[/\\]/).pop() ?? '');
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  const mimeType = TEXT_FILE_TYPES[extension];
  if (!mimeType) {
    return {
      error: `create_file writes text files only; use one of these extensions: ${Object.keys(TEXT_FILE_TYPES).join(', ')}`,
    };
  }
  const stem = [...base.slice(0, dot)].slice(0, 100).join('').trim();
  return { filename: `${stem}.${extension}`, mimeType };
}

export function createFileTool(artifacts: ArtifactWriter) {
  return defineTool({
    name: 'create_file',
    description:
      'Create a text file (code, Markdown, CSV, JSON, YAML, HTML, XML, SQL and similar) with the given content. ' +
      'For Word, Excel or PowerPoint files use the dedicated tools.',
    inputSchema: CreateFileInput,
    async run(input, ctx) {
      const name = textFilename(input.filename);
      if ('error' in name) return errorResult(name.error);
      const bytes = Buffer.from(input.content, 'utf8');
      if (bytes.length > MAX_TEXT_FILE_BYTES) return errorResult(`The content is over ${MAX_TEXT_FILE_BYTES} bytes`);
      if (input.content.includes('\u0000')) return errorResult('The content must be text (it contains NUL characters)');
      return saveArtifact(artifacts, ctx, {
        tool: 'create_file',
        filename: name.filename,
        mimeType: name.mimeType,
        bytes,
        title: input.title ?? name.filename,
        description: input.description,
        content: input.content,
        generator: 'atrium',
      });
    },
  });
}
