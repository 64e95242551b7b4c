/**
 * The tool names an agent's `config.tools` allowlist may name (DESIGN.md "Tools given to agents"), in the order
 * the model is offered them. The registry refuses to start unless its composed tools are exactly these.
 */
export const RUN_TOOL_NAMES = [
  'create_document',
  'create_spreadsheet',
  'create_presentation',
  'create_dashboard',
  'create_file',
  'search_project_files',
  'ask_user',
  'use_skill',
] as const;
