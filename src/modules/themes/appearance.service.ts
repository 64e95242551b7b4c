import type { RequestContext } from '../../platform/auth/actor.ts';
import type { Executor } from '../../platform/db/client.ts';
import { lockForTransaction } from '../../platform/db/locks.ts';
import { invalidRequest } from '../../platform/http/errors.ts';
import type { Appearance, PutAppearanceInput } from './appearance.schemas.ts';
import { appearanceStore } from './appearance.store.ts';
import { DEFAULT_PALETTE_ID } from './colors/palettes.ts';
import { builtInPaletteIds, parsePaletteId } from './palette-ids.ts';
import { themesStore } from './store.ts';

/**
 * Held by every writer of an organization's appearance and by theme deletion, so a theme cannot be deleted
 * between an appearance PUT's check that it exists and that PUT's write.
 */
export const lockAppearance = (tx: Executor, organizationId: string) =>
  lockForTransaction(tx, 'organization appearance', organizationId);

/** Without a row every built-in palette is allowed and the first built-in is the default. */
export async function readAppearance(ex: Executor, organizationId: string): Promise<Appearance> {
  const row = await appearanceStore.find(ex, organizationId);
  if (!row) return { allowed_themes: builtInPaletteIds(), default_theme: DEFAULT_PALETTE_ID };
  return { allowed_themes: row.allowedThemes, default_theme: row.defaultTheme };
}

/**
 * A deleted theme leaves the allowed list (all built-ins again when nothing is left) and stops being the default.
 * The caller holds lockAppearance.
 */
export async function withdrawPalette(tx: Executor, organizationId: string, paletteId: string): Promise<void> {
  const row = await appearanceStore.find(tx, organizationId);
  if (!row || (!row.allowedThemes.includes(paletteId) && row.defaultTheme !== paletteId)) return;
  const left = row.allowedThemes.filter((id) => id !== paletteId);
  const defaultTheme = row.defaultTheme === paletteId ? null : row.defaultTheme;
  await appearanceStore.save(tx, organizationId, left.length > 0 ? left : builtInPaletteIds(), defaultTheme);
}

/** The organization's logos, as the branding service signs them. */
export type LogoUrls = (organizationId: string) => Promise<{ light_url: string | null; dark_url: string | null }>;

/** The appearance as members read it: the allowed palettes named, with their variants, and the logos. */
async function appearanceView(ex: Executor, organizationId: string, appearance: Appearance, logos: LogoUrls) {
  const refs = appearance.allowed_themes.map((id) => ({ id, ref: parsePaletteId(id) }));
  const customIds = refs.flatMap(({ ref }) => (ref?.kind === 'custom' ? [ref.themeId] : []));
  const custom = new Map((await themesStore.summaries(ex, organizationId, customIds)).map((t) => [t.id, t]));
  const palettes = refs.flatMap(({ id, ref }) => {
    if (ref?.kind === 'builtin') return [{ id, name: ref.palette.name, light_enabled: true, dark_enabled: true }];
    const theme = ref?.kind === 'custom' ? custom.get(ref.themeId) : undefined;
    return theme ? [{ id, name: theme.name, light_enabled: theme.lightEnabled, dark_enabled: theme.darkEnabled }] : [];
  });
  return { appearance: { ...appearance, palettes, logo: await logos(organizationId) } };
}

/** Which palettes the organization's members may use, and its default. */
export function createAppearanceService(deps: { db: Executor; logos: LogoUrls }) {
  const { db } = deps;
  return {
    get: async (ctx: RequestContext) =>
      appearanceView(db, ctx.organizationId, await readAppearance(db, ctx.organizationId), deps.logos),

    async put(ctx: RequestContext, input: PutAppearanceInput) {
      const org = ctx.organizationId;
      if (input.default_theme !== null && !input.allowed_themes.includes(input.default_theme)) {
        throw invalidRequest('default_theme must be one of allowed_themes');
      }
      const customIds: string[] = [];
      for (const id of input.allowed_themes) {
        const ref = parsePaletteId(id);
        if (!ref)
          throw invalidRequest(
            `allowed_themes: ${id.slice(0, 100)} is neither a built-in palette nor custom-<theme id>`,
          );
        if (ref.kind === 'custom') customIds.push(ref.themeId);
      }
      await db.transaction(async (tx) => {
        await lockAppearance(tx, org);
        const existing = await themesStore.existing(tx, org, customIds);
        const missing = customIds.find((id) => !existing.has(id));
        if (missing) throw invalidRequest(`allowed_themes: custom-${missing} is not a theme of this organization`);
        await appearanceStore.save(tx, org, input.allowed_themes, input.default_theme);
      });
      const saved = { allowed_themes: input.allowed_themes, default_theme: input.default_theme };
      return appearanceView(db, org, saved, deps.logos);
    },
  };
}

export type AppearanceService = ReturnType<typeof createAppearanceService>;
