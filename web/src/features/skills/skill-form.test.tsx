import { describe, expect, it } from 'vitest';
import { newSkillBody, skillFormValues, validateSkillForm } from './skill-form.ts';

const filled = { slug: 'tide-tables', name: 'Tide tables', description: '', whenToUse: 'Tides', instructions: 'Read.' };

describe('the skill form', () => {
  it('accepts the slugs the API accepts and refuses the others', () => {
    for (const slug of ['a', 'Tide_Tables-2', '9x']) expect(validateSkillForm({ ...filled, slug })).toEqual({});
    for (const slug of ['-tides', 'tides_', 'tide tables', 'tïdes']) {
      expect(validateSkillForm({ ...filled, slug }).slug).toBe(
        'Use letters, digits, - and _, starting and ending with a letter or digit.',
      );
    }
    expect(validateSkillForm({ ...filled, slug: 'x'.repeat(65) }).slug).toBe('At most 64 characters.');
  });

  it('requires the name, when to use and the instructions, and bounds the description', () => {
    expect(validateSkillForm({ ...skillFormValues(), description: 'd'.repeat(2001) })).toEqual({
      slug: 'Give the skill a slug.',
      name: 'Give the skill a name.',
      description: 'At most 2000 characters.',
      whenToUse: 'Say when a model should use this skill.',
      instructions: 'Write the skill’s instructions.',
    });
  });

  it('sends trimmed fields, and no description as null', () => {
    expect(newSkillBody({ ...filled, slug: ' tide-tables ', name: ' Tide tables ' })).toEqual({
      slug: 'tide-tables',
      name: 'Tide tables',
      description: null,
      when_to_use: 'Tides',
      instructions: 'Read.',
    });
  });
});
