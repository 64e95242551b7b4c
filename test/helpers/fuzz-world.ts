import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { addUser, createOrgWithAdmin, createServiceAccountWithKey, unique } from './fixtures.ts';
import type { Caller } from './fuzz-operations.ts';
import type { Client } from './http.ts';

/**
 * The cast of the fuzz run: the caller classes (all of organization A, the console key of the system
 * organization), a throwaway organization C the console routes may suspend or delete, and real resources of
 * organization B whose ids organization A must never see.
 */
export interface FuzzWorld {
  callers: Caller[];
  /** The organization A admin's session: the caller of the cross-organization probes. */
  orgAdmin: Caller;
  consoleOrgId: string;
  /** Ids of organization B's resources, by the collection path that holds them (earlier ids as `*`). */
  crossOrgIds: Record<string, string>;
}

async function created(http: Client, path: string, body: unknown): Promise<any> {
  const res = await http.post(path, body);
  expect([201, 202], `${path}: ${res.text}`).toContain(res.status);
  return res.body;
}

async function orgBResources(app: TestApp, b: Client, bUserId: string): Promise<Record<string, string>> {
  const [project, thread, agent, workflow] = await Promise.all([
    created(b, '/v1/projects', { name: unique('Project') }),
    created(b, '/v1/threads', { title: 'B thread' }),
    created(b, '/v1/agents', { name: unique('Agent'), system_prompt: 'You help.' }),
    created(b, '/v1/workflows', { name: unique('Workflow') }),
  ]);
  const trigger = { type: 'webhook', schedule: 'fuzz' };
  const [posted, agentTrigger, workflowTrigger, file, skill, department, theme, rule, dryRun, profile, account] =
    await Promise.all([
      created(b, `/v1/threads/${thread.id}/messages`, { content: 'hello' }),
      created(b, `/v1/agents/${agent.id}/triggers`, trigger),
      created(b, `/v1/workflows/${workflow.id}/triggers`, trigger),
      created(b, `/v1/projects/${project.id}/files/upload-url`, {
        filename: 'a.txt',
        mime_type: 'text/plain',
        size_bytes: 5,
      }),
      created(b, '/v1/skills', {
        slug: unique('style').toLowerCase(),
        name: 'Style',
        when_to_use: 'Always',
        instructions: 'Write plainly.',
      }),
      created(b, '/v1/organization/departments', { name: unique('Dept') }),
      created(b, '/v1/organization/themes', { name: unique('Theme') }),
      created(b, '/v1/organization/dlp-rules', { name: unique('rule'), pattern: 'secret', action: 'deny' }),
      created(b, '/v1/organization/dlp-rules/dry-run', { days: 1 }),
      created(b, '/v1/organization/billing-profiles', { name: unique('Profile'), legal_name: 'B Ltd' }),
      createServiceAccountWithKey(b, 'member'),
    ]);
  return {
    '/v1/projects': project.id,
    '/v1/projects/*/members': bUserId,
    '/v1/project-files': file.file_id,
    '/v1/threads': thread.id,
    '/v1/threads/*/runs': posted.run.id,
    '/v1/agents': agent.id,
    '/v1/agents/*/triggers': agentTrigger.id,
    '/v1/workflows': workflow.id,
    '/v1/workflows/*/triggers': workflowTrigger.id,
    '/v1/skills': skill.id,
    '/v1/users': bUserId,
    '/v1/service-accounts': account.account.id,
    '/v1/service-accounts/*/api-keys': account.keyRecord.id,
    '/v1/organization/departments': department.id,
    '/v1/organization/themes': theme.id,
    '/v1/organization/dlp-rules': rule.id,
    '/v1/organization/dlp-rules/dry-run': dryRun.id,
    '/v1/organization/billing-profiles': profile.id,
    '/v1/organization/invoices': (await invoiceOf(app, b)).id,
  };
}

/** An invoice of B's organization: drafted by an operator, read by B's admins through /v1/organization/invoices. */
async function invoiceOf(app: TestApp, b: Client): Promise<any> {
  const org = (await b.get('/v1/organization')).body;
  return created(app.http.as(app.consoleKey), `/v1/admin/organizations/${org.id}/invoices`, {
    period_start: '2024-01-01',
    period_end: '2024-01-31',
  });
}

export async function buildWorld(app: TestApp): Promise<FuzzWorld> {
  const [orgA, orgB, orgC] = await Promise.all([
    createOrgWithAdmin(app),
    createOrgWithAdmin(app),
    createOrgWithAdmin(app),
  ]);
  const [member, key, crossOrgIds] = await Promise.all([
    addUser(app, orgA.admin.http, { role: 'member' }),
    createServiceAccountWithKey(orgA.admin.http, 'admin'),
    orgBResources(app, orgB.admin.http, orgB.admin.user.id),
  ]);
  const plain = { kind: 'user', role: 'member', developer: false, console: false } as const;
  const orgAdmin: Caller = {
    ...plain,
    name: 'org admin',
    credential: orgA.admin.token,
    role: 'admin',
    developer: true,
  };
  const callers: Caller[] = [
    { ...plain, name: 'no credential', credential: null },
    { ...plain, name: 'member', credential: member.token },
    orgAdmin,
    { ...plain, name: 'API key', credential: key.key, kind: 'key', role: 'admin' },
    { ...plain, name: 'console key', credential: app.consoleKey, kind: 'key', role: 'admin', console: true },
  ];
  return { callers, orgAdmin, consoleOrgId: orgC.org.id, crossOrgIds };
}
