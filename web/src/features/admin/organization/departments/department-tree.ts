import type { Department } from '../organization-api.ts';

/** A department with its children, ordered by name as the API lists them. */
export interface DepartmentNode {
  department: Department;
  children: DepartmentNode[];
  depth: number;
}

/**
 * The departments as a forest. A department whose parent is not in the list, or that a cycle keeps out of reach
 * (neither can happen through the API, but a list read mid-change could show it), is shown at the top, not lost.
 */
export function buildTree(departments: readonly Department[]): DepartmentNode[] {
  const ids = new Set(departments.map((d) => d.id));
  const byParent = new Map<string | null, Department[]>();
  for (const department of departments) {
    const parent =
      department.parent_department_id && ids.has(department.parent_department_id)
        ? department.parent_department_id
        : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), department]);
  }
  const seen = new Set<string>();
  const grow = (parent: string | null, depth: number): DepartmentNode[] =>
    (byParent.get(parent) ?? [])
      .filter((department) => !seen.has(department.id) && seen.add(department.id))
      .map((department) => ({ department, depth, children: grow(department.id, depth + 1) }));
  const tree = grow(null, 0);
  // Whatever a cycle in the data kept out of reach goes at the top too.
  for (const department of departments) {
    if (!seen.has(department.id)) {
      seen.add(department.id);
      tree.push({ department, depth: 0, children: grow(department.id, 1) });
    }
  }
  return tree;
}

/** The department and everything under it: where it may not move (the API refuses a cycle with 400). */
export function selfAndDescendants(departments: readonly Department[], id: string): Set<string> {
  const found = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const department of departments) {
      const parent = department.parent_department_id;
      if (parent && found.has(parent) && !found.has(department.id)) {
        found.add(department.id);
        grew = true;
      }
    }
  }
  return found;
}

/** Whether `id` may move under `parentId` (null: the top level). */
export function canMoveUnder(departments: readonly Department[], id: string, parentId: string | null): boolean {
  return parentId === null || !selfAndDescendants(departments, id).has(parentId);
}

/** Each department named with its ancestry ("Engineering › Platform"), sorted by that name: a picker's choices. */
export function departmentChoices(departments: readonly Department[]): { id: string; label: string }[] {
  const byId = new Map(departments.map((d) => [d.id, d]));
  const pathOf = (department: Department): string => {
    const names = [department.name];
    const seen = new Set([department.id]);
    let parent = department.parent_department_id ? byId.get(department.parent_department_id) : undefined;
    while (parent && !seen.has(parent.id)) {
      names.unshift(parent.name);
      seen.add(parent.id);
      parent = parent.parent_department_id ? byId.get(parent.parent_department_id) : undefined;
    }
    return names.join(' › ');
  };
  return departments
    .map((d) => ({ id: d.id, label: pathOf(d) }))
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }));
}
