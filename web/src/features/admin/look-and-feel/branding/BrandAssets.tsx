import { ConfirmAction } from '../../../../components/ConfirmAction.tsx';
import { ErrorAlert } from '../../../../components/ErrorAlert.tsx';
import { formatFileSize } from '../../../artifacts/index.ts';
import styles from '../look-and-feel.module.css';
import { UploadField } from '../UploadField.tsx';
import { type Branding, type BrandingSlot, SLOTS } from './branding-api.ts';
import { useBrandingUpload, useRemoveBrandingAsset } from './use-branding.ts';

/** One slot: what it holds (a logo shown on its own background), a new file with progress, and removing it. */
function AssetSlot({ slot, branding }: { slot: BrandingSlot; branding: Branding }) {
  const rule = SLOTS[slot];
  const asset = branding[slot];
  const { upload, start } = useBrandingUpload(slot);
  const remove = useRemoveBrandingAsset(slot);
  return (
    <li className={styles.card}>
      <h3>{rule.label}</h3>
      {asset ? (
        <div className={styles.asset}>
          {slot === 'brand_book' ? (
            <a href={asset.get_url}>{asset.filename}</a>
          ) : (
            <img
              src={asset.get_url}
              alt={`${rule.label}: ${asset.filename}`}
              className={slot === 'logo_dark' ? `${styles.logo} ${styles.logoDark}` : styles.logo}
            />
          )}
          <span className="muted">
            {asset.filename}, {formatFileSize(asset.size_bytes)}
          </span>
        </div>
      ) : (
        <p className="muted">None yet.</p>
      )}
      <UploadField
        label={`${asset ? 'Replace' : 'Upload'} the ${rule.label.toLowerCase()}`}
        hint={rule.hint}
        accept={rule.types}
        upload={upload}
        onFile={(file) => void start(file)}
      />
      {asset && (
        <ConfirmAction
          label="Remove"
          name={`Remove the ${rule.label.toLowerCase()}`}
          question={`Remove the ${rule.label.toLowerCase()}?`}
          confirmLabel="Remove it"
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
        />
      )}
      <ErrorAlert error={remove.error} />
    </li>
  );
}

/** The logos and the brand book. */
export function BrandAssets({ branding }: { branding: Branding }) {
  return (
    <ul className={styles.cards}>
      {(['logo_light', 'logo_dark', 'brand_book'] as const).map((slot) => (
        <AssetSlot key={slot} slot={slot} branding={branding} />
      ))}
    </ul>
  );
}
