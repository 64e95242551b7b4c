import type { z } from 'zod';
import { CONSOLE_SECTIONS, type ConsoleSection } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import { onUniqueViolation } from '../../platform/db/errors.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { ConsoleRoleSchema } from './schemas.ts';
import { type ConsoleRoleRow, consoleRolesStore as store } from './store.ts';

function toView(row: ConsoleRoleRow): z.output<typeof ConsoleRoleSchema> {
  return {
    id: row.id,
    name: row.name,
    sections: row.sections as ConsoleSection[],
    user_count: row.userCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const withUniqueName = <T>(write: () => Promise<T>) =>
  onUniqueViolation(write, () => conflict('duplicate_name', 'A console role with this name already exists'));

export function createConsoleRolesService({ db }: { db: Executor }) {
  async function get(id: string, ex: Executor = db) {
    const row = await store.findById(ex, id);
    if (!row) throw notFound('Console role');
    return toView(row);
  }

  return {
    list: async () => ({ data: (await store.list(db)).map(toView) }),

    async create(input: { name: string; sections: ConsoleSection[] }) {
      const id = newId();
      await withUniqueName(() => store.insert(db, [{ id, name: input.name, sections: input.sections }]));
      return get(id);
    },

    async update(id: string, patch: { name?: string; sections?: ConsoleSection[] }) {
      await get(id);
      await withUniqueName(() => store.update(db, id, patch));
      return get(id);
    },

    /** A role held by a user cannot go: 409 until every holder has another role. */
    async remove(id: string) {
      await db.transaction(async (tx) => {
        await get(id, tx);
        if (await store.heldByLiveUsers(tx, id)) {
          throw conflict('console_role_in_use', 'Users hold this console role; give them another role first');
        }
        await store.releaseFromDeletedUsers(tx, id);
        await store.remove(tx, id);
      });
    },

    /** The roles every installation starts with: Operator (every section) and Sales (demo organizations). */
    seedRoles: (tx: Executor) =>
      store.insert(tx, [
        { id: newId(), name: 'Operator', sections: [...CONSOLE_SECTIONS] },
        { id: newId(), name: 'Sales', sections: ['sales'] },
      ]),
  };
}

export type ConsoleRolesService = ReturnType<typeof createConsoleRolesService>;
