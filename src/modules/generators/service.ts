import type { RunTool } from '../runs/service.ts';
import { createDashboardTool } from './dashboard.ts';
import { createDocumentTool } from './document.ts';
import { createFileTool } from './file.ts';
import { createPresentationTool } from './presentation.ts';
import type { ArtifactWriter } from './shared.ts';
import { createSpreadsheetTool } from './spreadsheet.ts';

export interface GeneratorsServiceDeps {
  /** Every generated file is stored as the calling act's artifact, in the engine's transaction. */
  artifacts: ArtifactWriter;
}

/**
 * The artifact generators: the run tools that make files (Word documents, Excel workbooks, PowerPoint decks,
 * HTML dashboards, text files). The runs module takes them as tools through its registry (composed in app.ts),
 * so the office libraries are loaded only by the process that runs them, never by a module that names a tool.
 */
export function createGeneratorsService(deps: GeneratorsServiceDeps) {
  const tools = [
    createDocumentTool(deps.artifacts),
    createSpreadsheetTool(deps.artifacts),
    createPresentationTool(deps.artifacts),
    createDashboardTool(deps.artifacts),
    createFileTool(deps.artifacts),
  ] as RunTool[];
  return { tools };
}
