import { formatHex, parse } from 'culori';
import type { RequestContext } from '../../platform/auth/actor.ts';
import { insertWithinCap } from '../../platform/db/capped.ts';
import type { Executor } from '../../platform/db/client.ts';
import { invalidRequest, notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { type BlobStorage, enqueueBlobDeletion } from '../../platform/storage/index.ts';
import { lockAppearance, readAppearance, withdrawPalette } from './appearance.service.ts';
import { themeAssetsStore } from './assets.store.ts';
import { paletteIdOf, parsePaletteId } from './palette-ids.ts';
import { BOTH_DISABLED, type CreateThemeInput, type PatchThemeInput } from './schemas.ts';
import { themesStore as store, type ThemeChanges, type ThemeRow } from './store.ts';
import { toThemeView } from './views.ts';

/** Custom themes per organization. */
export const MAX_THEMES = 100;

const HEX = /^#[0-9a-f]{6}$/;

/** `#rrggbb` for any CSS colour culori reads, else null. */
function asHex(value: string | undefined): string | null {
  if (value === undefined) return null;
  const lower = value.trim().toLowerCase();
  if (HEX.test(lower)) return lower;
  const parsed = parse(lower);
  return parsed ? formatHex(parsed) : null;
}

/** An organization's custom themes (its admins' CRUD), and what other modules read of its appearance. */
export function createThemesService(deps: { db: Executor; storage: BlobStorage }) {
  const { db, storage } = deps;

  async function existing(ex: Executor, organizationId: string, id: string): Promise<ThemeRow> {
    const row = await store.find(ex, organizationId, id);
    if (!row) throw notFound('Theme');
    return row;
  }

  return {
    list: async (ctx: RequestContext) => ({
      themes: (await store.list(db, ctx.organizationId)).map(toThemeView),
    }),

    get: async (ctx: RequestContext, id: string) => ({
      theme: toThemeView(await existing(db, ctx.organizationId, id)),
    }),

    async create(ctx: RequestContext, input: CreateThemeInput) {
      const org = ctx.organizationId;
      const row = await insertWithinCap(
        db,
        { what: 'themes', scopeId: org, max: MAX_THEMES },
        (tx) => store.count(tx, org),
        (tx) =>
          store.insert(tx, {
            id: newId(),
            organizationId: org,
            name: input.name,
            surface: input.surface,
            lightEnabled: input.light_enabled,
            darkEnabled: input.dark_enabled,
            lightTokens: input.light_tokens,
            darkTokens: input.dark_tokens,
            brandInputs: input.brand_inputs,
          }),
      );
      return { theme: toThemeView(row) };
    },

    /** A token map given replaces that variant's map wholesale; the enabling rule holds for the merged theme. */
    async update(ctx: RequestContext, id: string, patch: PatchThemeInput) {
      const org = ctx.organizationId;
      const row = await db.transaction(async (tx) => {
        const current = await store.findForUpdate(tx, org, id);
        if (!current) throw notFound('Theme');
        const changes: ThemeChanges = {};
        if (patch.name !== undefined) changes.name = patch.name;
        if (patch.surface !== undefined) changes.surface = patch.surface;
        if (patch.light_enabled !== undefined) changes.lightEnabled = patch.light_enabled;
        if (patch.dark_enabled !== undefined) changes.darkEnabled = patch.dark_enabled;
        if (patch.light_tokens !== undefined) changes.lightTokens = patch.light_tokens;
        if (patch.dark_tokens !== undefined) changes.darkTokens = patch.dark_tokens;
        if (patch.brand_inputs !== undefined) changes.brandInputs = patch.brand_inputs;
        if (!(changes.lightEnabled ?? current.lightEnabled) && !(changes.darkEnabled ?? current.darkEnabled)) {
          throw invalidRequest(BOTH_DISABLED);
        }
        return (await store.update(tx, org, id, changes))!;
      });
      return { theme: toThemeView(row) };
    },

    /**
     * Gone with its background images (their blobs deleted by jobs queued with the delete, and at once), out of the
     * appearance's allowed list and no longer its default.
     */
    async remove(ctx: RequestContext, id: string): Promise<void> {
      const org = ctx.organizationId;
      const keys = await db.transaction(async (tx) => {
        await lockAppearance(tx, org);
        await existing(tx, org, id);
        const assetKeys = await themeAssetsStore.keysOfTheme(tx, org, id);
        await store.delete(tx, org, id);
        await withdrawPalette(tx, org, paletteIdOf(id));
        for (const key of assetKeys) await enqueueBlobDeletion(tx, key);
        return assetKeys;
      });
      await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
    },

    /**
     * For the artifact generators: the primary, secondary and accent colours (`#rrggbb`) of the organization's
     * default theme, from its light variant (dark when light is off), each null when missing or unreadable; null
     * when the default is a built-in palette or none is set. `ex` is the caller's transaction when it holds one.
     */
    async defaultThemeColors(
      organizationId: string,
      ex: Executor = db,
    ): Promise<{ primary: string | null; secondary: string | null; accent: string | null } | null> {
      const { default_theme } = await readAppearance(ex, organizationId);
      const ref = default_theme ? parsePaletteId(default_theme) : null;
      if (ref?.kind !== 'custom') return null;
      const theme = await store.find(ex, organizationId, ref.themeId);
      if (!theme) return null;
      const tokens = theme.lightEnabled ? theme.lightTokens : theme.darkTokens;
      return {
        primary: asHex(tokens['--color-primary']),
        secondary: asHex(tokens['--color-secondary']),
        accent: asHex(tokens['--color-accent']),
      };
    },
  };
}

export type ThemesService = ReturnType<typeof createThemesService>;
