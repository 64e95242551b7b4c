import { CONSOLE_SECTIONS } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import { newId } from '../../platform/ids.ts';
import { consoleRolesStore } from './store.ts';

export const consoleRolesService = {
  /** The roles every installation starts with: Operator (every section) and Sales (demo organizations). */
  seedRoles: (tx: Executor) =>
    consoleRolesStore.insert(tx, [
      { id: newId(), name: 'Operator', sections: [...CONSOLE_SECTIONS] },
      { id: newId(), name: 'Sales', sections: ['sales'] },
    ]),
};
