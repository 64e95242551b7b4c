/**
 * The tool names an agent's `config.tools` allowlist may name (DESIGN.md "Tools given to agents"), in the order
 * the model is offered them. The registry refuses to start unless its composed tools are exactly these (less the
 * connectors' tools when it is composed without connectors, as tests of the other tools do).
 */
export const RUN_TOOL_NAMES = [
  'create_document',
  'create_spreadsheet',
  'create_presentation',
  'create_dashboard',
  'create_file',
  'create_image',
  'search_project_files',
  'm365_search_files',
  'm365_read_file',
  'ask_user',
  'use_skill',
] as const;

/**
 * The tools of connectors (Microsoft 365): composed from the integrations module, and offered to a run only when
 * its organization has the connection they need (registry.ts `offered`).
 */
export const CONNECTOR_TOOL_NAMES: readonly RunToolName[] = ['m365_search_files', 'm365_read_file'];

export type RunToolName = (typeof RUN_TOOL_NAMES)[number];
