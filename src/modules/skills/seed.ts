import type { Executor } from '../../platform/db/client.ts';
import { BUILTIN_SKILLS } from './builtins/index.ts';
import { skillsStore as store } from './store.ts';

export { BUILTIN_SKILLS } from './builtins/index.ts';

/**
 * Inserts the built-in skills (organization null, fixed ids) that are absent, at every start-up after
 * migrations; a built-in whose text changed in a newer release is updated as a new version. Idempotent, and
 * safe when several processes start together (one statement, conflicts on the id). Returns rows written.
 */
export function seedBuiltinSkills(db: Executor): Promise<number> {
  return store.seedBuiltins(
    db,
    BUILTIN_SKILLS.map((s) => ({
      id: s.id,
      slug: s.slug,
      name: s.name,
      description: s.description,
      whenToUse: s.whenToUse,
      instructions: s.instructions,
      manifest: s.manifest,
      scripts: s.scripts,
    })),
  );
}
