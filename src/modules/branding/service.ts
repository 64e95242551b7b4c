import type { RequestContext } from '../../platform/auth/actor.ts';
import type { Clock } from '../../platform/clock.ts';
import { insertWithinCap } from '../../platform/db/capped.ts';
import type { Executor } from '../../platform/db/client.ts';
import { lockForTransaction } from '../../platform/db/locks.ts';
import type { BrandingAsset } from '../../platform/db/schema/index.ts';
import { unprocessable } from '../../platform/http/errors.ts';
import { newId } from '../../platform/ids.ts';
import { enqueue, type JobHandler } from '../../platform/jobs/index.ts';
import { BlobNotFoundError, type BlobStorage, enqueueBlobDeletion } from '../../platform/storage/index.ts';
import { contentRefusal, SVG } from './content-check.ts';
import {
  type AttachAssetInput,
  BRANDING_SLOTS,
  type BrandingSlot,
  type PatchBrandingInput,
  type RequestUploadInput,
} from './schemas.ts';
import { SLOT_RULES, slotRefusal } from './slots.ts';
import { type BrandingRow, SLOT_COLUMNS, brandingStore as store } from './store.ts';
import { type SlotUrls, toBrandingView } from './views.ts';

export const BRANDING_SWEEP_JOB = 'branding.sweep_upload';
/** SPEC Limits: a branding upload URL lives 300 seconds. */
export const UPLOAD_URL_SECONDS = 300;
export const GET_URL_SECONDS = 60 * 60;
/**
 * How long an issued key stays attachable after its URL expired (an upload finished at the last second still
 * needs its PUT …/assets call); the sweep runs then.
 */
export const UPLOAD_KEY_GRACE_MS = 5 * 60 * 1000;
/** Issued keys whose URL is still live, per organization: one organization cannot flood the table or storage. */
export const MAX_LIVE_UPLOADS = 100;
/** Deliveries of a sweep: with the queue's backoff (capped at 5 minutes) about an hour of storage outage. */
const SWEEP_ATTEMPTS = 20;

/**
 * Every change to an organization's branding row, and every sweep of one of its keys, holds this lock until its
 * transaction ends: an attach and the sweep of the same key cannot both win.
 */
const lockBranding = (tx: Executor, organizationId: string) => lockForTransaction(tx, 'branding', organizationId);

const assetOf = (row: BrandingRow | null, slot: BrandingSlot): BrandingAsset | null =>
  row ? row[SLOT_COLUMNS[slot]] : null;
const referencesKey = (row: BrandingRow | null, key: string) =>
  BRANDING_SLOTS.some((slot) => assetOf(row, slot)?.storage_key === key);

/**
 * An organization's branding: colours, written guidelines, and three asset slots filled through issued upload
 * keys (upload request → PUT to the signed URL → attach, which checks the bytes). An issued key that is never
 * attached is swept with its blob once its URL has expired; a replaced or emptied slot's blob is deleted.
 */
export function createBrandingService(deps: { db: Executor; storage: BlobStorage; clock: Clock }) {
  const { db, storage, clock } = deps;

  /**
   * Images are served inline (an <img> must render them); the brand book as an attachment under its name. An SVG
   * on Azure is an attachment too: a SAS cannot carry the CSP that makes it inert when opened directly.
   */
  async function downloadUrl(slot: BrandingSlot, asset: BrandingAsset): Promise<string> {
    const attachment = slot === 'brand_book' || (asset.mime_type === SVG && storage.backend === 'azure');
    const signed = await storage.createDownloadUrl({
      key: asset.storage_key,
      expiresInSeconds: GET_URL_SECONDS,
      contentType: asset.mime_type,
      filename: attachment ? asset.filename : undefined,
    });
    return signed.url;
  }

  async function view(row: BrandingRow) {
    const urls: SlotUrls = {};
    for (const slot of BRANDING_SLOTS) {
      const asset = assetOf(row, slot);
      if (asset) urls[slot] = await downloadUrl(slot, asset);
    }
    return { branding: toBrandingView(row, urls) };
  }

  /** The issued key is usable until its URL expired plus the grace. */
  const attachable = (upload: { expiresAt: Date }) =>
    clock.now().getTime() < upload.expiresAt.getTime() + UPLOAD_KEY_GRACE_MS;

  /** Refusals of an attach, checked before and again inside its transaction. */
  async function issuedUpload(ex: Executor, organizationId: string, slot: BrandingSlot, key: string) {
    const upload = await store.findUpload(ex, organizationId, key);
    if (!upload || upload.slot !== slot || !attachable(upload)) {
      throw unprocessable(
        `storage_key: not a key issued to this organization for ${slot} by POST /v1/organization/branding/uploads, or it expired`,
      );
    }
    return upload;
  }

  async function checkUploadedBlob(key: string, mimeType: string, sizeBytes: number) {
    const blob = await storage.stat(key);
    if (!blob) throw unprocessable('Nothing was uploaded yet: PUT the bytes to the upload_url first');
    if (blob.sizeBytes !== sizeBytes) {
      throw unprocessable(`The upload has ${blob.sizeBytes} bytes, ${sizeBytes} were declared`);
    }
    const refusal = await contentRefusal(storage, key, mimeType, sizeBytes);
    if (refusal) throw unprocessable(`The upload was refused: ${refusal}`);
  }

  /** Deleted at once so the answer means its URLs are dead; the job queued with the change is the guarantee. */
  const deleteNow = (key: string) =>
    storage.delete(key).catch(() => {
      // The storage.delete_blob job retries it.
    });

  /** Re-attaching the slot's own key: the same declared type and size, possibly a new file name. */
  async function reattach(ex: Executor, organizationId: string, slot: BrandingSlot, input: AttachAssetInput) {
    const current = (await store.find(ex, organizationId))!;
    const asset = assetOf(current, slot)!;
    if (asset.mime_type !== input.mime_type || asset.size_bytes !== input.size_bytes) {
      throw unprocessable('mime_type and size_bytes must be those the key was attached with');
    }
    if (asset.filename === input.filename) return current;
    return store.update(ex, organizationId, { [SLOT_COLUMNS[slot]]: { ...asset, filename: input.filename } });
  }

  return {
    async get(ctx: RequestContext) {
      return view(await store.findOrCreate(db, ctx.organizationId));
    },

    async update(ctx: RequestContext, patch: PatchBrandingInput) {
      const org = ctx.organizationId;
      const row = await db.transaction(async (tx) => {
        await lockBranding(tx, org);
        await store.findOrCreate(tx, org);
        return store.update(tx, org, {
          colorPrimary: patch.color_primary,
          colorSecondary: patch.color_secondary,
          colorAccent: patch.color_accent,
          guidelinesText: patch.guidelines_text,
        });
      });
      return view(row);
    },

    /**
     * A create-only upload URL for a new key of the slot, recorded with the job that sweeps it once its URL
     * (and the grace) has passed; at most MAX_LIVE_UPLOADS live ones per organization (409 limit_reached).
     */
    async requestUpload(ctx: RequestContext, input: RequestUploadInput) {
      const refusal = slotRefusal(input.slot, input.mime_type, input.size_bytes);
      if (refusal) throw unprocessable(refusal);
      const org = ctx.organizationId;
      const key = `organizations/${org}/branding/${input.slot}/${newId()}`;
      const upload = await storage.createUploadUrl({
        key,
        contentType: input.mime_type,
        sizeBytes: input.size_bytes,
        expiresInSeconds: UPLOAD_URL_SECONDS,
      });
      await insertWithinCap(
        db,
        { what: 'live branding uploads', scopeId: org, max: MAX_LIVE_UPLOADS },
        (tx) => store.countLiveUploads(tx, org, clock.now()),
        async (tx) => {
          await store.insertUpload(tx, {
            storageKey: key,
            organizationId: org,
            slot: input.slot,
            mimeType: input.mime_type,
            sizeBytes: input.size_bytes,
            expiresAt: upload.expiresAt,
          });
          await enqueue(tx, {
            kind: BRANDING_SWEEP_JOB,
            payload: { organizationId: org, storageKey: key },
            runAfter: new Date(upload.expiresAt.getTime() + UPLOAD_KEY_GRACE_MS),
            maxAttempts: SWEEP_ATTEMPTS,
          });
        },
      );
      return { upload_url: upload.url, storage_key: key, expires_in_seconds: UPLOAD_URL_SECONDS };
    },

    /**
     * Fills the slot with an uploaded key issued for it, once its bytes are there, of the declared size and
     * really of the declared type. The key is consumed (its record removed), the slot's previous blob deleted.
     * Attaching the slot's current key again is idempotent.
     */
    async attach(ctx: RequestContext, slot: BrandingSlot, input: AttachAssetInput) {
      const org = ctx.organizationId;
      const key = input.storage_key;
      if (assetOf(await store.find(db, org), slot)?.storage_key !== key) {
        const upload = await issuedUpload(db, org, slot, key);
        if (upload.mimeType !== input.mime_type) {
          throw unprocessable(`mime_type: the key was issued for ${upload.mimeType}`);
        }
        if (upload.sizeBytes !== input.size_bytes) {
          throw unprocessable(`size_bytes: the key was issued for ${upload.sizeBytes} bytes`);
        }
        await checkUploadedBlob(key, input.mime_type, input.size_bytes);
      }
      let replaced: string | null = null;
      const row = await db.transaction(async (tx) => {
        await lockBranding(tx, org);
        const current = await store.findOrCreate(tx, org);
        const previous = assetOf(current, slot);
        // The same key, attached meanwhile by this call's twin or before it.
        if (previous?.storage_key === key) return reattach(tx, org, slot, input);
        await issuedUpload(tx, org, slot, key);
        await store.deleteUpload(tx, org, key);
        if (previous) {
          replaced = previous.storage_key;
          await enqueueBlobDeletion(tx, replaced);
        }
        const asset: BrandingAsset = {
          storage_key: key,
          filename: input.filename,
          mime_type: input.mime_type,
          size_bytes: input.size_bytes,
        };
        return store.update(tx, org, { [SLOT_COLUMNS[slot]]: asset });
      });
      if (replaced) await deleteNow(replaced);
      return view(row);
    },

    /** Empties the slot and deletes its blob; an empty slot stays empty (idempotent). */
    async detach(ctx: RequestContext, slot: BrandingSlot): Promise<void> {
      const org = ctx.organizationId;
      const removed = await db.transaction(async (tx) => {
        await lockBranding(tx, org);
        const asset = assetOf(await store.find(tx, org), slot);
        if (!asset) return null;
        await store.update(tx, org, { [SLOT_COLUMNS[slot]]: null });
        await enqueueBlobDeletion(tx, asset.storage_key);
        return asset.storage_key;
      });
      if (removed) await deleteNow(removed);
    },

    /**
     * For the artifact generators: the colours, and the light logo's bytes when it is set, within the logo limit
     * and still in storage. `ex` is the caller's transaction when it holds one.
     */
    /** Signed URLs (one hour) of the organization's logos, for every member's app to show; null where none. */
    async logoUrls(organizationId: string) {
      const row = await store.find(db, organizationId);
      const url = async (slot: 'logo_light' | 'logo_dark') => {
        const asset = row ? assetOf(row, slot) : null;
        return asset ? downloadUrl(slot, asset) : null;
      };
      return { light_url: await url('logo_light'), dark_url: await url('logo_dark') };
    },

    async artifactBranding(organizationId: string, ex: Executor = db) {
      const row = await store.find(ex, organizationId);
      const logo = row?.logoLight ?? null;
      let logoLight: { data: Buffer; mimeType: string } | null = null;
      if (logo && logo.size_bytes <= SLOT_RULES.logo_light.maxBytes) {
        const data = await storage.read(logo.storage_key).catch((error: unknown) => {
          if (error instanceof BlobNotFoundError) return null;
          throw error;
        });
        if (data) logoLight = { data, mimeType: logo.mime_type };
      }
      return {
        colors: {
          primary: row?.colorPrimary ?? null,
          secondary: row?.colorSecondary ?? null,
          accent: row?.colorAccent ?? null,
        },
        logoLight,
      };
    },

    /**
     * The `branding.sweep_upload` job, once an issued key's URL and grace have passed: its record goes, and its
     * blob too unless a slot holds the key. Idempotent, and it deletes whatever a still-live URL re-created after
     * the slot let the key go.
     */
    sweepUpload: (async (job) => {
      const organizationId = String(job.payload.organizationId);
      const key = String(job.payload.storageKey);
      const attached = await db.transaction(async (tx) => {
        await lockBranding(tx, organizationId);
        await store.deleteUpload(tx, organizationId, key);
        return referencesKey(await store.find(tx, organizationId), key);
      });
      if (!attached) await storage.delete(key);
    }) satisfies JobHandler,
  };
}

export type BrandingService = ReturnType<typeof createBrandingService>;
