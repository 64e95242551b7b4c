import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeClient, type FakeClient, ok } from '../../test/fake-client.ts';
import { renderWithClient } from '../../test/render.tsx';
import { StepsEditor } from './StepsEditor.tsx';
import { type StepValues, stepsFromDefinition } from './workflow-form.ts';

let fake: FakeClient;
let latest: StepValues[] = [];

/** The editor as a form holds it: the steps in state, each change kept. */
function Harness({ initial }: { initial: StepValues[] }) {
  const [steps, setSteps] = useState(initial);
  latest = steps;
  return <StepsEditor steps={steps} errors={undefined} onChange={setSteps} />;
}

const model = (id: string, name: string, dependsOn: string[] = []) =>
  ({ id, name, depends_on: dependsOn, type: 'model', config: { prompt: `Do ${id}` } }) as const;

beforeEach(() => {
  fake = createFakeClient();
  fake.on('GET', '/v1/models', ok({ data: [] }));
  const steps = stepsFromDefinition({
    steps: [
      model('research', 'Research'),
      model('outline', 'Outline'),
      model('write', 'Write', ['research', 'outline']),
    ],
  });
  renderWithClient(fake, <Harness initial={steps} />);
});

const group = (name: string) => screen.getByRole('group', { name });
const dependencies = (name: string) =>
  within(within(group(name)).getByRole('group', { name: 'Depends on' })).queryAllByRole('checkbox');
const definitionIds = () => latest.map((step) => step.id);

describe('StepsEditor', () => {
  it('offers only the steps above as dependencies', () => {
    expect(dependencies('Step 1: Research')).toEqual([]);
    expect(dependencies('Step 2: Outline')).toEqual([
      within(group('Step 2: Outline')).getByRole('checkbox', { name: 'Research', checked: false }),
    ]);
    expect(within(group('Step 3: Write')).getByRole('checkbox', { name: 'Research' })).toBeChecked();
    expect(within(group('Step 3: Write')).getByRole('checkbox', { name: 'Outline' })).toBeChecked();
  });

  it('moves a step with the keyboard, drops the dependency that would point down, and says so', async () => {
    const person = userEvent.setup();
    within(group('Step 3: Write')).getByRole('button', { name: 'Move up' }).focus();
    await person.keyboard('{Enter}');

    expect(definitionIds()).toEqual(['research', 'write', 'outline']);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Moved “Write” to position 2. “Write” no longer depends on “Outline”.',
    );
    const write = group('Step 2: Write');
    expect(within(write).getByRole('checkbox', { name: 'Research' })).toBeChecked();
    expect(within(write).queryByRole('checkbox', { name: 'Outline' })).toBeNull();
    // Focus stays on the button pressed, now in the step's new place.
    expect(within(write).getByRole('button', { name: 'Move up' })).toHaveFocus();

    // Moving it to the top: the button pressed is disabled there, so focus goes to its neighbour.
    await person.keyboard('{Enter}');
    expect(definitionIds()).toEqual(['write', 'research', 'outline']);
    expect(within(group('Step 1: Write')).getByRole('button', { name: 'Move up' })).toBeDisabled();
    expect(within(group('Step 1: Write')).getByRole('button', { name: 'Move down' })).toHaveFocus();
    expect(latest[0]!.dependsOn).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('“Write” no longer depends on “Research”.');
  });

  it('moves a step down past one that depends on it, which then loses that dependency', async () => {
    const person = userEvent.setup();
    await person.click(within(group('Step 2: Outline')).getByRole('button', { name: 'Move down' }));
    expect(definitionIds()).toEqual(['research', 'write', 'outline']);
    expect(screen.getByRole('status')).toHaveTextContent('“Write” no longer depends on “Outline”.');
    expect(within(group('Step 3: Outline')).getByRole('button', { name: 'Move down' })).toBeDisabled();
  });

  it('removes a step, and the steps that depended on it stop depending on it', async () => {
    const person = userEvent.setup();
    await person.click(within(group('Step 1: Research')).getByRole('button', { name: 'Remove step' }));
    expect(definitionIds()).toEqual(['outline', 'write']);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Removed “Research”. “Write” no longer depends on “Research”.',
    );
    expect(within(group('Step 2: Write')).getByRole('checkbox', { name: 'Outline' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Add step' })).toHaveFocus();
  });
});
