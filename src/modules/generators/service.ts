import type { RunTool } from '../runs/service.ts';
import { type BrandSource, brandLookup, noBranding } from './brand.ts';
import { createDashboardTool } from './dashboard.ts';
import { createDocumentTool } from './document.ts';
import { createFileTool } from './file.ts';
import { createPresentationTool } from './presentation.ts';
import type { ArtifactWriter, GeneratorDeps } from './shared.ts';
import { createSpreadsheetTool } from './spreadsheet.ts';

export { type ArtifactBrand, artifactBrandFrom, type BrandSource } from './brand.ts';
export { completeBrandColors } from './brand-colors.ts';

export interface GeneratorsServiceDeps {
  /** Every generated file is stored as the calling act's artifact, in the engine's transaction. */
  artifacts: ArtifactWriter;
  /**
   * The organization's brand for documents, spreadsheets, presentations and dashboards (text files have none).
   * Asked once per tool call; absent, failing or slow means the unbranded look (see brand.ts).
   */
  brand?: BrandSource;
}

/**
 * The artifact generators: the run tools that make files (Word documents, Excel workbooks, PowerPoint decks,
 * HTML dashboards, text files). The runs module takes them as tools through its registry (composed in app.ts),
 * so the office libraries are loaded only by the process that runs them, never by a module that names a tool.
 */
export function createGeneratorsService(deps: GeneratorsServiceDeps) {
  const generators: GeneratorDeps = { artifacts: deps.artifacts, brandOf: brandLookup(deps.brand ?? noBranding) };
  const tools = [
    createDocumentTool(generators),
    createSpreadsheetTool(generators),
    createPresentationTool(generators),
    createDashboardTool(generators),
    createFileTool(deps.artifacts),
  ] as RunTool[];
  return { tools };
}
