import type { Executor } from '../../platform/db/client.ts';
import { ApiError } from '../../platform/http/errors.ts';
import type { PatchUserInput } from './schemas.ts';
import { usersStore as store, type UserRow } from './store.ts';

/** Authentication rule 10: members of the system organization need a console role; nobody else may have one. */
const validationError = (message: string) => new ApiError(400, 'validation_error', message);

async function checkRoleExists(db: Executor, consoleRoleId: string) {
  if (!(await store.consoleRoleExists(db, consoleRoleId))) throw validationError('Unknown console role');
}

export async function checkConsoleRoleOnCreate(
  db: Executor,
  organizationIsSystem: boolean,
  role: 'admin' | 'member',
  consoleRoleId: string | null,
) {
  if (consoleRoleId !== null) {
    if (!organizationIsSystem) throw validationError('Only system organization users can hold a console role');
    await checkRoleExists(db, consoleRoleId);
  } else if (organizationIsSystem && role !== 'admin') {
    throw validationError('System organization members need a console role');
  }
}

export async function checkConsoleRoleOnUpdate(db: Executor, target: UserRow, patch: PatchUserInput) {
  if (patch.console_role_id !== undefined && !target.organizationIsSystem) {
    throw validationError('Only system organization users can hold a console role');
  }
  if (!target.organizationIsSystem) return;
  if (patch.console_role_id) await checkRoleExists(db, patch.console_role_id);
  const roleAfter = patch.role ?? target.role;
  const consoleRoleAfter = patch.console_role_id === undefined ? target.consoleRoleId : patch.console_role_id;
  if (roleAfter !== 'admin' && consoleRoleAfter === null) {
    throw validationError(
      patch.role === 'member'
        ? 'Give this admin a console role before demoting them'
        : 'System organization members need a console role',
    );
  }
}
