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

/** Unsaved rules a test or a dry run evaluates after the saved ones; validated as a created rule is. */
export const MAX_DLP_DRAFTS = 20;
/**
 * The test box takes a text as long as a message's content may be (the runs module's MAX_MESSAGE_CHARS; that
 * module checks its messages through this one, so the number is repeated rather than imported).
 */
export const DLP_TEST_TEXT_MAX = 100_000;
/** Longest dry run window, in days, back from when it starts. */
export const DLP_DRY_RUN_DAYS_MAX = 90;
/** User messages one dry run checks at most (the newest of its window), and blocked ones it shows. */
export const MAX_DRY_RUN_SCAN = 50_000;
export const MAX_DRY_RUN_EXAMPLES = 20;

const drafts = z
  .array(CreateDlpRuleBody)
  .max(MAX_DLP_DRAFTS)
  .default([])
  .describe('Unsaved rules evaluated after the saved ones (inactive drafts are ignored, as inactive rules are)');

const ruleId = z.uuid().nullable().describe('The saved rule; null for a draft');

export const DlpTestBody = z.strictObject({
  text: z.string().min(1).max(DLP_TEST_TEXT_MAX).describe('The text to check, as a message would be'),
  rules: drafts,
});

export const DlpTestResultSchema = z
  .object({
    allowed: z.boolean().describe('Whether a message with this text would be accepted'),
    matches: z
      .array(
        z.object({
          rule_id: ruleId,
          name: z.string(),
          action,
          undecided: z
            .boolean()
            .describe('A deny rule that could not be decided within its time budget, counted as matching'),
        }),
      )
      .describe('The rules that count as matching, saved rules oldest first, then drafts'),
  })
  .meta({ id: 'DlpTestResult' });

export const DlpDryRunBody = z.strictObject({
  days: z.number().int().min(1).max(DLP_DRY_RUN_DAYS_MAX).describe('How many days back the user messages are read'),
  rules: drafts,
});

const dryRunStatus = z.enum(['queued', 'running', 'completed', 'failed']);

export const DlpDryRunStartedSchema = z.object({ id: z.uuid(), status: dryRunStatus }).meta({ id: 'DlpDryRunStarted' });

export const DlpDryRunSchema = z
  .object({
    id: z.uuid(),
    status: dryRunStatus,
    days: z.number().int(),
    progress: z.number().int().min(0).max(100).describe('Percent of the messages to scan that were scanned'),
    created_at: z.string(),
    completed_at: z.string().nullable(),
    result: z
      .object({
        scanned: z.number().int().describe('User messages checked'),
        blocked: z.number().int().describe('Of those, the ones the rules would have refused'),
        truncated: z
          .boolean()
          .describe(`The window held more than ${MAX_DRY_RUN_SCAN} user messages: the oldest were not scanned`),
        examples: z
          .array(
            z.object({
              message_id: z.uuid(),
              thread_id: z.uuid(),
              rule_id: ruleId,
              rule_name: z.string(),
              undecided: z.boolean().describe('The rule blocked because it could not be decided in time'),
              excerpt: z.string().describe('Context around the match, the matched text masked as •••'),
            }),
          )
          .describe(`Up to ${MAX_DRY_RUN_EXAMPLES} blocked messages, newest first, each with the rule that blocked it`),
      })
      .nullable()
      .describe('Set once the dry run has completed'),
  })
  .meta({ id: 'DlpDryRun' });

export const PatchDlpRuleBody = z
  .strictObject({ name, pattern, action, is_active: z.boolean() })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one of name, pattern, action, is_active');

export type DlpRuleView = z.output<typeof DlpRuleSchema>;
export type CreateDlpRuleInput = z.output<typeof CreateDlpRuleBody>;
export type PatchDlpRuleInput = z.output<typeof PatchDlpRuleBody>;
export type DlpDraftRule = CreateDlpRuleInput;
export type DlpTestInput = z.output<typeof DlpTestBody>;
export type DlpTestResult = z.output<typeof DlpTestResultSchema>;
export type DlpDryRunInput = z.output<typeof DlpDryRunBody>;
export type DlpDryRunView = z.output<typeof DlpDryRunSchema>;
