import { expect } from 'vitest';
import { OFFLINE_VERSION_ID } from '../../src/platform/models/index.ts';
import type { TestOrg } from './fixtures.ts';
import type { Client } from './http.ts';

/**
 * Spend enforcement set up through the routes people use: the operator prices the offline model, opens and
 * credits an organization's wallet and sets its spend limits; the org admin selects the priced model.
 */

/** 4 cents a token (cents per 1M tokens): every model round of a run costs whole cents. */
export async function priceOfflineModel(operator: Client): Promise<void> {
  const priced = await operator.patch(`/v1/admin/ai-model-versions/${OFFLINE_VERSION_ID}`, {
    inputCostPer1m: 4_000_000,
    outputCostPer1m: 4_000_000,
  });
  expect(priced.status, priced.text).toBe(200);
}

/** The organization's wallet, enforcing unless told otherwise, and its runs on the priced offline model. */
export async function openWallet(
  operator: Client,
  org: TestOrg,
  options: { enforcement_enabled?: boolean; credit?: number } = {},
): Promise<void> {
  // Selected explicitly, the offline model resolves from its catalog row, with the prices the operator set.
  const selected = await org.admin.http.put('/v1/organization/model-selections', {
    selections: [{ key: 'text', model_version_id: OFFLINE_VERSION_ID }],
  });
  expect(selected.status, selected.text).toBe(200);
  const res = await operator.post(`/v1/admin/organizations/${org.org.id}/wallet`, {
    enforcement_enabled: options.enforcement_enabled ?? true,
  });
  expect([200, 201], res.text).toContain(res.status);
  if (options.credit) await credit(operator, org.org.id, options.credit);
}

export async function credit(operator: Client, organizationId: string, amountMinor: number): Promise<void> {
  const res = await operator.post(`/v1/admin/organizations/${organizationId}/wallet/credits`, {
    amount_minor: amountMinor,
  });
  expect(res.status, res.text).toBe(201);
}

export async function balanceOf(org: TestOrg): Promise<number> {
  const res = await org.admin.http.get('/v1/organization/wallet');
  expect(res.status, res.text).toBe(200);
  return res.body.balance_minor;
}

export async function addSpendLimit(
  operator: Client,
  organizationId: string,
  limit: { scope: 'organization' | 'department' | 'user' | 'agent'; scope_id?: string; amount_minor: number },
): Promise<any> {
  const res = await operator.post(`/v1/admin/organizations/${organizationId}/spend-limits`, limit);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** The limit's row of this month, as the operator reads it (amount, spent, remaining). */
export async function spendLimitNow(operator: Client, organizationId: string, limitId: string): Promise<any> {
  const res = await operator.get(`/v1/admin/organizations/${organizationId}/spend-limits`);
  expect(res.status, res.text).toBe(200);
  const row = res.body.limits.find((l: any) => l.id === limitId);
  expect(row, res.text).toBeDefined();
  return row;
}

export async function setSpendLimitAmount(
  operator: Client,
  organizationId: string,
  limitId: string,
  amountMinor: number,
): Promise<void> {
  const res = await operator.patch(`/v1/admin/organizations/${organizationId}/spend-limits/${limitId}`, {
    amount_minor: amountMinor,
  });
  expect(res.status, res.text).toBe(200);
}
