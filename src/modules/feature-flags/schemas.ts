import { z } from 'zod';

/** At most this many flags change in one request, and at most MAX_FLAGS exist per scope (platform, organization). */
export const MAX_FLAGS_PER_REQUEST = 100;
export const MAX_FLAGS = 500;

export const FlagName = z
  .string()
  .max(64, 'a flag name has at most 64 characters')
  .regex(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/, 'a flag name is snake_case: lower-case letters and digits joined by _');

export const FlagsSchema = z
  .record(z.string(), z.boolean())
  .describe('Flag name → on or off')
  .meta({ id: 'FeatureFlags' });

export const FeatureFlagsResponse = z.object({ flags: FlagsSchema });

export const PutFeatureFlagsBody = z.strictObject({
  flags: z
    .record(FlagName, z.boolean().nullable())
    .refine((flags) => Object.keys(flags).length >= 1, 'flags must name at least one flag')
    .refine(
      (flags) => Object.keys(flags).length <= MAX_FLAGS_PER_REQUEST,
      `flags may name at most ${MAX_FLAGS_PER_REQUEST} flags at once`,
    )
    .describe('Flag name → true or false to set it, null to remove its row'),
});

export type PutFeatureFlagsInput = z.output<typeof PutFeatureFlagsBody>;
