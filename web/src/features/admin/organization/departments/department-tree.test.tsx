import { describe, expect, it } from 'vitest';
import type { Department } from '../organization-api.ts';
import { buildTree, canMoveUnder, departmentChoices } from './department-tree.ts';

const dept = (id: string, name: string, parent: string | null = null): Department => ({
  id,
  organization_id: 'org',
  parent_department_id: parent,
  name,
  description: null,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
});

const all = [dept('e', 'Engineering'), dept('p', 'Platform', 'e'), dept('k', 'Kernel', 'p'), dept('s', 'Sales')];

describe('the department tree', () => {
  it('nests children under their parents, with their depth', () => {
    const tree = buildTree(all);
    expect(tree.map((n) => n.department.name)).toEqual(['Engineering', 'Sales']);
    expect(tree[0]!.children[0]!.department.name).toBe('Platform');
    expect(tree[0]!.children[0]!.children[0]).toMatchObject({ depth: 2, department: { name: 'Kernel' } });
  });

  it('shows a department whose parent is missing at the top, and survives a cycle in the data', () => {
    expect(buildTree([dept('x', 'Orphan', 'gone')]).map((n) => n.department.name)).toEqual(['Orphan']);
    const looped = buildTree([dept('a', 'A', 'b'), dept('b', 'B', 'a')]);
    expect(looped.map((n) => [n.department.name, n.children.map((c) => c.department.name)])).toEqual([['A', ['B']]]);
  });

  it('refuses a move under the department itself or one of its own, as the API does', () => {
    expect(canMoveUnder(all, 'e', 'k')).toBe(false);
    expect(canMoveUnder(all, 'e', 'e')).toBe(false);
    expect(canMoveUnder(all, 'p', 's')).toBe(true);
    expect(canMoveUnder(all, 'k', null)).toBe(true);
  });

  it('names each department with its ancestry, sorted by that name', () => {
    expect(departmentChoices(all).map((c) => c.label)).toEqual([
      'Engineering',
      'Engineering › Platform',
      'Engineering › Platform › Kernel',
      'Sales',
    ]);
  });
});
