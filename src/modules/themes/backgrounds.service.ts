import type { Readable } from 'node:stream';
import type { RequestContext } from '../../platform/auth/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { insertWithinCap } from '../../platform/db/capped.ts';
import type { Executor } from '../../platform/db/client.ts';
import { conflict, invalidRequest, notFound } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { IMAGE_SNIFF_BYTES, imageTypeOf } from '../../platform/image-type.ts';
import { enqueue, type JobHandler } from '../../platform/jobs/index.ts';
import { type BlobStorage, enqueueBlobDeletion } from '../../platform/storage/index.ts';
import { themeAssetsStore as assets, type ThemeAssetRow } from './assets.store.ts';
import type { AttachBackgroundInput, RequestBackgroundInput } from './backgrounds.schemas.ts';
import type { ThemeVariant } from './schemas.ts';
import { type ThemeChanges, type ThemeRow, themesStore as themes } from './store.ts';
import { toThemeView } from './views.ts';

export const UPLOAD_URL_SECONDS = 15 * 60;
/** An asset stays attachable this long after its URL expired (an attach begun just before), then it is swept. */
const ATTACH_GRACE_MS = 5 * 60 * 1000;
/** Requested assets a theme may hold at once, attached ones included; the sweep frees the others. */
export const MAX_ASSETS_PER_THEME = 10;
export const BACKGROUND_SWEEP_JOB = 'themes.sweep_background';

const storageKey = (organizationId: string, themeId: string, assetId: string) =>
  `organizations/${organizationId}/themes/${themeId}/backgrounds/${assetId}`;
const slotOf = (theme: ThemeRow, variant: ThemeVariant) =>
  variant === 'light' ? theme.backgroundLightAssetId : theme.backgroundDarkAssetId;
const setSlot = (variant: ThemeVariant, assetId: string | null): ThemeChanges =>
  variant === 'light' ? { backgroundLightAssetId: assetId } : { backgroundDarkAssetId: assetId };
const isAttached = (theme: ThemeRow | null, asset: ThemeAssetRow) =>
  theme !== null && slotOf(theme, asset.variant as ThemeVariant) === asset.id;
const uploadIncomplete = (detail: string) => conflict('upload_incomplete', detail);

/** The first bytes of a blob, without reading the rest. */
async function readHead(stream: Readable, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= bytes) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, bytes);
}

/**
 * Background images of themes: an upload URL per requested asset (create-only), attach once the blob is there
 * (its size and its first bytes checked), replace or clear (the old blob deleted). An asset never attached is
 * swept by a job queued with it, due once it can no longer be attached.
 */
export function createBackgroundsService(deps: { db: Executor; storage: BlobStorage; clock: Clock }) {
  const { db, storage, clock } = deps;

  async function deleteBlobs(keys: string[]) {
    await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
  }

  /** Empties a variant's slot in the caller's transaction; the replaced asset's row goes and its blob's deletion is queued. */
  async function release(tx: Executor, organizationId: string, previousId: string | null): Promise<string[]> {
    if (!previousId) return [];
    const previous = await assets.find(tx, organizationId, previousId);
    if (!previous) return [];
    await assets.delete(tx, organizationId, previousId);
    await enqueueBlobDeletion(tx, previous.storageKey);
    return [previous.storageKey];
  }

  return {
    async requestUpload(ctx: RequestContext, themeId: string, input: RequestBackgroundInput) {
      const org = ctx.organizationId;
      if (!(await themes.find(db, org, themeId))) throw notFound('Theme');
      const id = newId();
      const key = storageKey(org, themeId, id);
      const upload = await storage.createUploadUrl({
        key,
        contentType: input.mime_type,
        sizeBytes: input.size_bytes,
        expiresInSeconds: UPLOAD_URL_SECONDS,
      });
      const sweepAt = new Date(upload.expiresAt.getTime() + ATTACH_GRACE_MS);
      await insertWithinCap(
        db,
        { what: 'background images of a theme', scopeId: themeId, max: MAX_ASSETS_PER_THEME },
        (tx) => assets.countOfTheme(tx, org, themeId),
        async (tx) => {
          // Locked, so the theme cannot be deleted before this insert (a foreign-key failure, a 500).
          if (!(await themes.findForUpdate(tx, org, themeId))) throw notFound('Theme');
          await assets.insert(tx, {
            id,
            organizationId: org,
            themeId,
            variant: input.variant,
            mimeType: input.mime_type,
            sizeBytes: input.size_bytes,
            storageKey: key,
            expiresAt: sweepAt,
          });
          await enqueue(tx, {
            kind: BACKGROUND_SWEEP_JOB,
            payload: { organizationId: org, assetId: id, key },
            runAfter: sweepAt,
          });
        },
      );
      return { upload_url: upload.url, asset_id: id, expires_in_seconds: UPLOAD_URL_SECONDS };
    },

    async attach(ctx: RequestContext, themeId: string, input: AttachBackgroundInput) {
      const org = ctx.organizationId;
      const found = await themes.find(db, org, themeId);
      if (!found) throw notFound('Theme');
      const asset = await assets.find(db, org, input.asset_id);
      if (!asset || asset.themeId !== themeId) throw notFound('Background asset');
      if (asset.variant !== input.variant) {
        throw invalidRequest(`The asset was requested for the ${asset.variant} variant, not ${input.variant}`);
      }
      if (isAttached(found, asset)) return { theme: toThemeView(found) };
      if (clock.now() >= asset.expiresAt) throw uploadIncomplete('The asset expired; request a new upload URL');
      const blob = await storage.stat(asset.storageKey);
      if (!blob) throw uploadIncomplete('Nothing was uploaded to the upload URL yet');
      if (blob.sizeBytes !== asset.sizeBytes) {
        throw uploadIncomplete(`The upload has ${blob.sizeBytes} bytes, ${asset.sizeBytes} were declared`);
      }
      const head = await readHead(await storage.readStream(asset.storageKey), IMAGE_SNIFF_BYTES);
      if (imageTypeOf(head) !== asset.mimeType) {
        throw invalidRequest(`The uploaded file is not a ${asset.mimeType} image`);
      }
      const { theme, replaced } = await db.transaction(async (tx) => {
        const current = await themes.findForUpdate(tx, org, themeId);
        if (!current) throw notFound('Theme');
        // The sweep may have taken it meanwhile (it locks the row too).
        if (!(await assets.findForUpdate(tx, org, asset.id))) throw notFound('Background asset');
        const previousId = slotOf(current, input.variant);
        if (previousId === asset.id) return { theme: current, replaced: [] };
        const replaced = await release(tx, org, previousId);
        return { theme: (await themes.update(tx, org, themeId, setSlot(input.variant, asset.id)))!, replaced };
      });
      await deleteBlobs(replaced);
      return { theme: toThemeView(theme) };
    },

    /** Idempotent: a variant without a background stays without one. */
    async clear(ctx: RequestContext, themeId: string, variant: ThemeVariant): Promise<void> {
      const org = ctx.organizationId;
      const released = await db.transaction(async (tx) => {
        const current = await themes.findForUpdate(tx, org, themeId);
        if (!current) throw notFound('Theme');
        const previousId = slotOf(current, variant);
        if (!previousId) return [];
        const keys = await release(tx, org, previousId);
        await themes.update(tx, org, themeId, setSlot(variant, null));
        return keys;
      });
      await deleteBlobs(released);
    },

    /**
     * The sweep of one requested asset, due once it can no longer be attached: unless it is attached, its row and
     * its blob go. The blob goes even when the row is gone already (replaced, cleared, its theme deleted): an upload
     * URL still live then could have created it again.
     */
    sweepHandler: (async (job) => {
      const { organizationId, assetId, key } = job.payload as { organizationId: string; assetId: string; key: string };
      const attached = await db.transaction(async (tx) => {
        const asset = await assets.findForUpdate(tx, organizationId, assetId);
        if (!asset) return false;
        if (isAttached(await themes.find(tx, organizationId, asset.themeId), asset)) return true;
        await assets.delete(tx, organizationId, assetId);
        return false;
      });
      if (!attached) await storage.delete(key);
    }) satisfies JobHandler,
  };
}

export type BackgroundsService = ReturnType<typeof createBackgroundsService>;
