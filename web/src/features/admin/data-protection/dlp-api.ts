import { type components, unwrap } from '@atrium/client';
import type { AtriumClient } from '../../../lib/client-context.tsx';

export type DlpRule = components['schemas']['DlpRule'];
export type DlpAction = DlpRule['action'];
export type DlpTestResult = components['schemas']['DlpTestResult'];
export type DlpDryRun = components['schemas']['DlpDryRun'];
export type DlpDryRunResult = NonNullable<DlpDryRun['result']>;

/** A rule as created, and as a draft is sent to the test box and dry runs. */
export interface DlpRuleInput {
  name: string;
  pattern: string;
  action: DlpAction;
  is_active?: boolean;
}

/** The API's bounds (src/modules/dlp/schemas.ts, service.ts MAX_DLP_RULES). */
export const DLP_LIMITS = {
  name: 100,
  pattern: 300,
  rules: 200,
  drafts: 20,
  text: 100_000,
  daysMin: 1,
  daysMax: 90,
  scanMax: 50_000,
  examples: 20,
};

export const dlpKeys = {
  rules: ['admin', 'dlp-rules'] as const,
  dryRun: (id: string) => ['admin', 'dlp-dry-run', id] as const,
};

export async function listRules(client: AtriumClient) {
  return unwrap(await client.api.GET('/v1/organization/dlp-rules')).data;
}

export async function createRule(client: AtriumClient, body: DlpRuleInput) {
  return unwrap(await client.api.POST('/v1/organization/dlp-rules', { body }));
}

export async function updateRule(client: AtriumClient, ruleId: string, body: Partial<DlpRuleInput>) {
  return unwrap(await client.api.PATCH('/v1/organization/dlp-rules/{ruleId}', { params: { path: { ruleId } }, body }));
}

export async function deleteRule(client: AtriumClient, ruleId: string) {
  unwrap(await client.api.DELETE('/v1/organization/dlp-rules/{ruleId}', { params: { path: { ruleId } } }));
}

export async function testText(client: AtriumClient, body: { text: string; rules: DlpRuleInput[] }) {
  return unwrap(await client.api.POST('/v1/organization/dlp-rules/test', { body }));
}

export async function startDryRun(client: AtriumClient, body: { days: number; rules: DlpRuleInput[] }) {
  return unwrap(await client.api.POST('/v1/organization/dlp-rules/dry-run', { body }));
}

export async function getDryRun(client: AtriumClient, dryRunId: string) {
  return unwrap(
    await client.api.GET('/v1/organization/dlp-rules/dry-run/{dryRunId}', { params: { path: { dryRunId } } }),
  );
}
