import { z } from 'zod';

export const SyncModelsBody = z.strictObject({
  family_ids: z
    .array(z.uuid())
    .max(500)
    .optional()
    .describe("The provider's model families to compare; default: all its live families"),
});

const VersionRef = z.object({
  id: z.uuid().describe('The model version id'),
  family_id: z.uuid(),
  model_id: z.string().describe('The vendor model id'),
  version: z.string(),
});

export const SyncModelsResultSchema = z
  .object({
    updated: z.int().describe('Listed versions whose vendor-stated fields changed'),
    unchanged: z.int().describe('Listed versions that already matched the listing'),
    unlisted: z.array(VersionRef).describe('Versions whose model id the vendor no longer lists'),
    deprecated: z.array(VersionRef).describe('Listed versions the vendor marks deprecated'),
    errors: z.array(z.string()).describe('Non-empty when nothing could be compared (the vendor listed no models)'),
  })
  .meta({ id: 'AiModelSyncResult' });

export type SyncModelsInput = z.output<typeof SyncModelsBody>;
export type SyncModelsResult = z.output<typeof SyncModelsResultSchema>;
