import { z } from 'zod';
import { pageQuery, pageSchema } from '../../platform/http/pagination.ts';

export const DepartmentSchema = z
  .object({
    id: z.uuid(),
    organization_id: z.uuid(),
    parent_department_id: z.uuid().nullable(),
    name: z.string(),
    description: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Department' });

export const DepartmentPageSchema = pageSchema(DepartmentSchema);

const fields = {
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).nullable(),
  parent_department_id: z.uuid().nullable().describe('The parent department; null for a top-level one'),
};

export const CreateDepartmentBody = z.strictObject({
  name: fields.name,
  description: fields.description.optional(),
  parent_department_id: fields.parent_department_id.optional(),
});

export const PatchDepartmentBody = z
  .strictObject(fields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, {
    message: 'Give at least one of name, description, parent_department_id',
  });

export const DepartmentListQuery = pageQuery();

export type CreateDepartmentInput = z.output<typeof CreateDepartmentBody>;
export type PatchDepartmentInput = z.output<typeof PatchDepartmentBody>;
