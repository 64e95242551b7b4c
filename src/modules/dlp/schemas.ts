import { z } from 'zod';
import { regexSyntaxError } from '../../platform/regex/index.ts';

/** Limits of the spec's Limits table: DLP name 100, pattern 300. */
export const DLP_NAME_MAX = 100;
export const DLP_PATTERN_MAX = 300;

const name = z.string().trim().min(1).max(DLP_NAME_MAX);

/** A valid ECMAScript regular expression (as `new RegExp(pattern, 'i')` reads it), stored as sent. */
const pattern = z
  .string()
  .min(1)
  .max(DLP_PATTERN_MAX)
  .superRefine((value, ctx) => {
    if (value.length > DLP_PATTERN_MAX) return;
    const problem = regexSyntaxError(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `Invalid regular expression: ${problem}` });
  })
  .describe('ECMAScript regular expression, matched case-insensitively anywhere in the message');

const action = z.enum(['deny', 'allow']).describe('deny blocks a matching message unless an allow rule matches too');

export const DlpRuleSchema = z
  .object({
    id: z.uuid(),
    organization_id: z.uuid(),
    name: z.string(),
    pattern: z.string(),
    action,
    is_active: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'DlpRule' });

/** The list envelope of the spec's conventions; all of an organization's (capped) rules fit one page. */
export const DlpRuleListSchema = z
  .object({
    data: z.array(DlpRuleSchema).describe('Every rule of the organization, oldest first'),
    has_more: z.literal(false),
    next_cursor: z.null(),
  })
  .meta({ id: 'DlpRuleList' });

export const CreateDlpRuleBody = z.strictObject({
  name,
  pattern,
  action,
  is_active: z.boolean().default(true),
});

export const PatchDlpRuleBody = z
  .strictObject({ name, pattern, action, is_active: z.boolean() })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one of name, pattern, action, is_active');

export type DlpRuleView = z.output<typeof DlpRuleSchema>;
export type CreateDlpRuleInput = z.output<typeof CreateDlpRuleBody>;
export type PatchDlpRuleInput = z.output<typeof PatchDlpRuleBody>;
