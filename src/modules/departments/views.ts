import type { z } from 'zod';
import type { DepartmentSchema } from './schemas.ts';
import type { DepartmentRow } from './store.ts';

export function toDepartmentView(row: DepartmentRow): z.output<typeof DepartmentSchema> {
  return {
    id: row.id,
    organization_id: row.organizationId,
    parent_department_id: row.parentDepartmentId,
    name: row.name,
    description: row.description,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
