import { AtriumApiError } from '@atrium/client';
import { useRef, useState } from 'react';
import { DLP_LIMITS, type DlpRuleInput } from './dlp-api.ts';
import { EMPTY_RULE, type RuleErrors, type RuleField, type RuleValues, ruleBody, validateRule } from './rule-form.ts';

/** An unsaved rule of the test box and dry runs; `key` keeps a row's identity while rows come and go. */
export interface DraftRow extends RuleValues {
  key: number;
}

/** The API's words about a draft: `rules.<index>.<field>: message` (its validation path, joined by `; `). */
const DRAFT_MESSAGE = /^rules\.(\d+)\.(name|pattern|action): (.+)$/s;

/** The parts of a refusal that name a draft sent at some index, by that index. */
export function draftErrorsOf(error: unknown): Map<number, RuleErrors> {
  const found = new Map<number, RuleErrors>();
  if (!(error instanceof AtriumApiError) || error.status !== 400) return found;
  for (const part of error.message.split('; ')) {
    const match = DRAFT_MESSAGE.exec(part);
    if (!match) continue;
    const index = Number(match[1]);
    found.set(index, { ...found.get(index), [match[2] as RuleField]: match[3] });
  }
  return found;
}

/**
 * The admin's draft rules, shared by the test box and the dry run: rows to add, change and remove (at most the
 * API's 20), each row's problems from the browser's check or from the API's refusal of the last send.
 */
export function useDraftRules() {
  const [rows, setRows] = useState<DraftRow[]>([]);
  const [errors, setErrors] = useState<Record<number, RuleErrors>>({});
  const nextKey = useRef(1);

  return {
    rows,
    errors,
    full: rows.length >= DLP_LIMITS.drafts,
    add() {
      if (rows.length >= DLP_LIMITS.drafts) return;
      setRows((current) => [...current, { ...EMPTY_RULE, key: nextKey.current++ }]);
    },
    remove(key: number) {
      setRows((current) => current.filter((row) => row.key !== key));
      setErrors(({ [key]: _, ...rest }) => rest);
    },
    set<K extends RuleField>(key: number, field: K, value: RuleValues[K]) {
      setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
    },
    /** The drafts as the API takes them, with the keys of the rows sent; null (rows marked) when one fails a check. */
    check(): { rules: DlpRuleInput[]; keys: number[] } | null {
      const found: Record<number, RuleErrors> = {};
      for (const row of rows) {
        const problems = validateRule(row);
        if (Object.keys(problems).length > 0) found[row.key] = problems;
      }
      setErrors(found);
      if (Object.keys(found).length > 0) return null;
      return { rules: rows.map(ruleBody), keys: rows.map((row) => row.key) };
    },
    /** Puts the API's refusal of drafts sent as `keys` on their rows. */
    showApiError(error: unknown, keys: readonly number[]) {
      const found: Record<number, RuleErrors> = {};
      for (const [index, problems] of draftErrorsOf(error)) {
        const key = keys[index];
        if (key !== undefined) found[key] = problems;
      }
      setErrors(found);
    },
  };
}

export type DraftRules = ReturnType<typeof useDraftRules>;
