import { expect } from 'vitest';
import { unique } from './fixtures.ts';
import type { Client } from './http.ts';

/** The spec's Skill resource, exactly. */
export const SKILL_FIELDS = [
  'created_at',
  'created_by_user_id',
  'description',
  'id',
  'instructions',
  'is_archived',
  'manifest',
  'name',
  'organization_id',
  'scripts',
  'slug',
  'updated_at',
  'version',
  'when_to_use',
];

export async function createSkill(http: Client, body: Record<string, unknown> = {}) {
  const res = await http.post('/v1/skills', {
    slug: unique('skill'),
    name: 'Weekly report',
    when_to_use: 'When a weekly status report is asked for',
    instructions: 'List progress, blockers and next steps.',
    ...body,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** Every page of `GET /v1/skills?<query>`. */
export async function listSkills(http: Client, query = '', limit = 100): Promise<any[]> {
  const rows: any[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(query);
    params.set('limit', String(limit));
    if (cursor) params.set('cursor', cursor);
    const res = await http.get(`/v1/skills?${params}`);
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'has_more', 'next_cursor']);
    expect(res.body.has_more).toBe(res.body.next_cursor !== null);
    rows.push(...res.body.data);
    cursor = res.body.next_cursor;
  } while (cursor);
  return rows;
}
