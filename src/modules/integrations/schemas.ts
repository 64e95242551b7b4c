import { z } from 'zod';
import { pageQuery, pageSchema } from '../../platform/http/pagination.ts';

export const INTEGRATION_TYPES = ['telegram', 'microsoft_365'] as const;
export const IntegrationTypeSchema = z
  .enum(INTEGRATION_TYPES)
  .describe('`telegram`: the messaging bot (an inbound channel); `microsoft_365`: the office suite (a connector)');

const displayName = z.string().trim().min(1).max(200);
/** Config and secrets are checked per type by the service (422), so a wrong shape names its field. */
const objectField = z.record(z.string(), z.unknown());

export const CreateIntegrationBody = z
  .object({
    type: IntegrationTypeSchema,
    display_name: displayName,
    config: objectField.describe('`{}` for telegram; `{ tenant_id, client_id }` for microsoft_365'),
    secrets: objectField.describe(
      '`{ botToken }` for telegram; `{ clientSecret }` for microsoft_365. Validated with the vendor before saving; never returned',
    ),
  })
  .strict();
export type CreateIntegrationInput = z.output<typeof CreateIntegrationBody>;

export const PatchIntegrationBody = z
  .object({
    display_name: displayName.optional(),
    config: objectField
      .optional()
      .describe('Merged into the stored config, then validated with the vendor; `region: null` clears the region'),
    secrets: objectField.optional().describe('Merged into the stored secrets, re-encrypted and validated again'),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Give at least one field to change' });
export type PatchIntegrationInput = z.output<typeof PatchIntegrationBody>;

export const IntegrationListQuery = pageQuery().extend({ type: IntegrationTypeSchema.optional() });

const IntegrationFields = {
  id: z.uuid(),
  type: IntegrationTypeSchema,
  display_name: z.string(),
  last_validated_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};

export const IntegrationSchema = z
  .object({
    ...IntegrationFields,
    organization_id: z.uuid(),
    config: z.record(z.string(), z.unknown()),
    status: z.enum(['connected', 'error']),
    last_error: z.string().nullable().describe('Why the last validation failed; null while connected'),
  })
  .meta({ id: 'Integration' });

export const IntegrationEnvelope = z.object({ integration: IntegrationSchema });

/** `active` for a connected integration (as the summary lists say it), `error` otherwise. */
export const IntegrationSummarySchema = z
  .object({ ...IntegrationFields, status: z.enum(['active', 'error']) })
  .meta({ id: 'IntegrationSummary' });

export const IntegrationPageSchema = pageSchema(IntegrationSchema);
export const IntegrationSummaryPageSchema = pageSchema(IntegrationSummarySchema);
