import type { z } from 'zod';
import type { ConsoleSection } from '../../platform/auth/actor.ts';
import type { MeSchema, SystemUserSchema, UserSchema } from './schemas.ts';
import type { UserListRow, UserRow } from './store.ts';

export type UserView = z.output<typeof UserSchema>;
export type MeView = z.output<typeof MeSchema>;

/** The organization's name and kind come from the row, or from the caller's credential for its own users. */
export function toUserView(
  row: UserListRow,
  organization: Pick<UserRow, 'organizationName' | 'organizationIsSystem'> = row as UserRow,
): UserView {
  return {
    id: row.id,
    organization_id: row.organizationId,
    organization_name: organization.organizationName,
    organization_is_system: organization.organizationIsSystem,
    first_name: row.firstName,
    last_name: row.lastName,
    display_name: row.displayName,
    email: row.email,
    role: row.role,
    is_suspended: row.isSuspended,
    is_developer: row.isDeveloper,
    console_role_id: row.consoleRoleId,
    department_id: row.departmentId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toMeView(row: UserRow): MeView {
  return {
    ...toUserView(row),
    console_role: row.consoleRoleName,
    console_sections: (row.consoleSections as ConsoleSection[] | null) ?? null,
  };
}

export function toSystemUserView(row: UserRow): z.output<typeof SystemUserSchema> {
  return { ...toUserView(row), console_role: row.consoleRoleName };
}
