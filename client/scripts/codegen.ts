import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';

/** Where the generated files are committed, so a clean clone typechecks without a running server. */
export const GENERATED_PATHS = {
  document: fileURLToPath(new URL('../openapi.json', import.meta.url)),
  types: fileURLToPath(new URL('../src/generated/openapi.ts', import.meta.url)),
} as const;

export interface GeneratedFiles {
  /** The server's `/openapi.json`, pretty-printed in the server's own key order. */
  document: string;
  /** `paths`, `components` and `operations` of every route, from openapi-typescript. */
  types: string;
}

/**
 * The committed files for one OpenAPI document. Pure (no files written), so the drift test renders the running
 * server's document and compares it with the committed files.
 */
export async function renderGeneratedFiles(document: OpenAPI3): Promise<GeneratedFiles> {
  const ast = await openapiTS(document, { silent: true });
  return {
    document: `${JSON.stringify(document, null, 2)}\n`,
    types: `${COMMENT_HEADER}${astToString(ast)}`,
  };
}
