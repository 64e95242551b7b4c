import type { StepValues } from './workflow-form.ts';

/** A dependency the editor removed, said to the person: "<step> no longer depends on <dependency>". */
export interface DroppedDependency {
  step: string;
  dependency: string;
}

export interface StepListChange {
  steps: StepValues[];
  dropped: DroppedDependency[];
}

/** How a step is named to a person: its name, else its id, else its position. */
export const stepLabel = (step: StepValues, index: number): string =>
  step.name.trim() || step.id.trim() || `Step ${index + 1}`;

/**
 * Removes every dependency that no longer points at an earlier step (after a move or a removal): the API refuses
 * those, and keeping the order meaningful is the person's call, so the editor drops them and says which.
 */
function keepOnlyEarlierDependencies(steps: StepValues[], labels: ReadonlyMap<string, string>): StepListChange {
  const dropped: DroppedDependency[] = [];
  const next = steps.map((step, index) => {
    const earlier = new Set(steps.slice(0, index).map((other) => other.key));
    const kept = step.dependsOn.filter((key) => earlier.has(key));
    if (kept.length === step.dependsOn.length) return step;
    for (const key of step.dependsOn.filter((key) => !earlier.has(key))) {
      dropped.push({ step: stepLabel(step, index), dependency: labels.get(key) ?? key });
    }
    return { ...step, dependsOn: kept };
  });
  return { steps: next, dropped };
}

const labelsOf = (steps: readonly StepValues[]) =>
  new Map(steps.map((step, index) => [step.key, stepLabel(step, index)] as const));

/** Swaps the step with its neighbour above (-1) or below (+1); a dependency that would point down is dropped. */
export function moveStep(steps: StepValues[], key: string, direction: -1 | 1): StepListChange {
  const from = steps.findIndex((step) => step.key === key);
  const to = from + direction;
  if (from < 0 || to < 0 || to >= steps.length) return { steps, dropped: [] };
  const labels = labelsOf(steps);
  const next = [...steps];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return keepOnlyEarlierDependencies(next, labels);
}

/** Removes the step; steps that depended on it lose that dependency. */
export function removeStep(steps: StepValues[], key: string): StepListChange {
  const labels = labelsOf(steps);
  return keepOnlyEarlierDependencies(
    steps.filter((step) => step.key !== key),
    labels,
  );
}
