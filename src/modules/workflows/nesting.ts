import { type Definition, MAX_EXPANDED_STEPS, MAX_NESTING } from './schemas.ts';

/** The usable workflows among `ids` (active, and visible where that matters), by id: one read for any number. */
export type DefinitionLoader = (ids: string[]) => Promise<ReadonlyMap<string, Definition>>;

export interface Nesting {
  /** The workflows the root reaches within MAX_NESTING levels, by id: a definition, or null when unusable. */
  definitions: ReadonlyMap<string, Definition | null>;
  /** Per step of the root, in order: what is wrong with the workflow it nests, or null. */
  problems: (string | null)[];
  /** The root's steps with every nested workflow expanded inline, each reference counted. */
  expandedSteps: number;
}

/** A nested workflow's verdict, the same wherever it is referenced: its height in levels and its expanded steps. */
type Verdict = { height: number; steps: number } | { problem: string };

const tooDeep = `workflows nest more than ${MAX_NESTING} levels deep`;

const nestedIds = (definition: Definition): string[] =>
  definition.steps.flatMap((s) => (s.type === 'workflow' ? [s.config.workflow_id] : []));

/**
 * Reads the reachable workflows breadth-first, one read per level, each workflow once: what a definition costs
 * to check is linear in the definitions it reaches, however often they are referenced. `selfId` (the workflow
 * being written) is never read: reaching it is a cycle.
 */
async function loadReachable(root: Definition, load: DefinitionLoader, selfId?: string) {
  const found = new Map<string, Definition | null>();
  let frontier = new Set(nestedIds(root));
  for (let level = 1; level <= MAX_NESTING; level++) {
    const ids = [...frontier].filter((id) => id !== selfId && !found.has(id));
    if (ids.length === 0) break;
    const loaded = await load(ids);
    frontier = new Set();
    for (const id of ids) {
      const definition = loaded.get(id) ?? null;
      found.set(id, definition);
      for (const next of definition ? nestedIds(definition) : []) frontier.add(next);
    }
  }
  return found;
}

/**
 * What the workflows a definition nests amount to: no cycle (none back to `selfId` either), at most MAX_NESTING
 * levels, each usable and not empty; and how many steps the definition expands to. Each workflow is judged once
 * (memoised by id), so the counting is arithmetic over the distinct workflows, never an expansion.
 */
export async function resolveNesting(root: Definition, load: DefinitionLoader, selfId?: string): Promise<Nesting> {
  const definitions = await loadReachable(root, load, selfId);
  const verdicts = new Map<string, Verdict>();
  const path = new Set<string>();

  const judge = (id: string): Verdict => {
    if (id === selfId || path.has(id)) return { problem: `nesting workflow ${id} makes a cycle` };
    const known = verdicts.get(id);
    if (known) return known;
    // Not read: it sits deeper than MAX_NESTING levels on every path (reading is breadth-first).
    if (!definitions.has(id)) return { problem: tooDeep };
    const definition = definitions.get(id);
    let verdict: Verdict;
    if (!definition) verdict = { problem: `workflow ${id} is not an active workflow you can use` };
    else if (definition.steps.length === 0) verdict = { problem: `workflow ${id} has no steps to run` };
    else {
      path.add(id);
      verdict = judgeSteps(definition);
      path.delete(id);
    }
    verdicts.set(id, verdict);
    return verdict;
  };

  const judgeSteps = (definition: Definition): Verdict => {
    let height = 1;
    let steps = 0;
    for (const step of definition.steps) {
      if (step.type !== 'workflow') {
        steps += 1;
        continue;
      }
      const inner = judge(step.config.workflow_id);
      if ('problem' in inner) return inner;
      height = Math.max(height, inner.height + 1);
      steps += inner.steps;
    }
    return height > MAX_NESTING ? { problem: tooDeep } : { height, steps };
  };

  let expandedSteps = 0;
  const problems = root.steps.map((step) => {
    if (step.type !== 'workflow') {
      expandedSteps += 1;
      return null;
    }
    const verdict = judge(step.config.workflow_id);
    if ('problem' in verdict) return verdict.problem;
    expandedSteps += verdict.steps;
    return null;
  });
  return { definitions, problems, expandedSteps };
}

/** The documented limit on expanded steps, as a sentence naming it, or null within it. */
export const expansionProblem = (expandedSteps: number): string | null =>
  expandedSteps > MAX_EXPANDED_STEPS
    ? `A workflow may expand to at most ${MAX_EXPANDED_STEPS} steps (nested workflows included); this one expands to ${expandedSteps}`
    : null;
