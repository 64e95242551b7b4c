import { describe, expect, it } from 'vitest';
import { BUILT_IN_PALETTES, DEFAULT_PALETTE_ID } from '../src/modules/themes/colors/palettes.ts';
import { COLOR_TOKENS, CONTRAST_RULES } from '../src/modules/themes/colors/tokens.ts';
import { wcagContrastOf } from './helpers/wcag.ts';

describe('built-in palettes', () => {
  it('are at least three, with distinct ids, the default among them', () => {
    const ids = BUILT_IN_PALETTES.map((p) => p.id);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(DEFAULT_PALETTE_ID);
    expect(new Set(BUILT_IN_PALETTES.map((p) => p.surface))).toEqual(new Set(['glass', 'flat']));
  });

  for (const palette of BUILT_IN_PALETTES)
    for (const variant of ['light_tokens', 'dark_tokens'] as const)
      it(`${palette.id} ${variant}: every colour token as #rrggbb, every contrast rule met (independent WCAG formula)`, () => {
        const tokens = palette[variant];
        expect(Object.keys(tokens).sort()).toEqual([...COLOR_TOKENS].sort());
        for (const value of Object.values(tokens)) expect(value).toMatch(/^#[0-9a-f]{6}$/);
        for (const rule of CONTRAST_RULES) {
          const ratio = wcagContrastOf(tokens[rule.foreground], tokens[rule.background]);
          expect(ratio, `${rule.foreground} on ${rule.background}`).toBeGreaterThanOrEqual(rule.minimum);
        }
      });
});
