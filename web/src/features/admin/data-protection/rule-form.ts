import { DLP_LIMITS, type DlpAction, type DlpRule, type DlpRuleInput } from './dlp-api.ts';

/** A rule's fields as a form holds them: a saved rule's, a new one's, or a draft's. */
export interface RuleValues {
  name: string;
  pattern: string;
  action: DlpAction;
}

export type RuleField = keyof RuleValues;
export type RuleErrors = Partial<Record<RuleField, string>>;

export const EMPTY_RULE: RuleValues = { name: '', pattern: '', action: 'deny' };

/** The API's body keys are the form's. */
export const RULE_FIELDS: Readonly<Record<string, RuleField>> = { name: 'name', pattern: 'pattern', action: 'action' };

/**
 * Why `pattern` is no regular expression, in the API's words: it reads the pattern as `new RegExp(pattern, 'i')`
 * and answers "Invalid regular expression: <V8's reason>" (src/platform/regex/index.ts regexSyntaxError).
 */
export function regexProblem(pattern: string): string | null {
  try {
    new RegExp(pattern, 'i');
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return `Invalid regular expression: ${message.slice(message.lastIndexOf(': ') + 2) || 'invalid'}`;
  }
}

/** The checks the API makes on a created rule (and on each draft): a trimmed name, a pattern as sent. */
export function validateRule(values: RuleValues): RuleErrors {
  const errors: RuleErrors = {};
  const name = values.name.trim();
  if (!name || name.length > DLP_LIMITS.name)
    errors.name = `Give the rule a name of 1 to ${DLP_LIMITS.name} characters.`;
  if (!values.pattern || values.pattern.length > DLP_LIMITS.pattern) {
    errors.pattern = `Give a pattern of 1 to ${DLP_LIMITS.pattern} characters.`;
  } else {
    const problem = regexProblem(values.pattern);
    if (problem) errors.pattern = problem;
  }
  return errors;
}

/** The body of a rule: the name trimmed as the API stores it, the pattern exactly as typed. */
export const ruleBody = (values: RuleValues): DlpRuleInput => ({
  name: values.name.trim(),
  pattern: values.pattern,
  action: values.action,
});

export const ruleValuesOf = (rule: DlpRule): RuleValues => ({
  name: rule.name,
  pattern: rule.pattern,
  action: rule.action,
});

/** Only what changed; an empty object means nothing to save. */
export function ruleChanges(rule: DlpRule, values: RuleValues): Partial<DlpRuleInput> {
  const body = ruleBody(values);
  const changes: Partial<DlpRuleInput> = {};
  if (body.name !== rule.name) changes.name = body.name;
  if (body.pattern !== rule.pattern) changes.pattern = body.pattern;
  if (body.action !== rule.action) changes.action = body.action;
  return changes;
}

export const ACTION_LABELS: Record<DlpAction, string> = { deny: 'Deny', allow: 'Allow' };
