import styles from './FilesSection.module.css';
import type { Upload } from './use-uploads.ts';

const STATE_TEXT: Record<Upload['state'], string> = {
  uploading: 'Uploading',
  committing: 'Finishing',
  done: 'Uploaded',
  failed: 'Failed',
};

/** One progress bar per file sent from this page. */
export function UploadList({ uploads }: { uploads: readonly Upload[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul aria-label="Uploads" className={styles.uploads}>
      {uploads.map((upload) => (
        <li key={upload.key} className={styles.upload}>
          <span className={styles.fileName}>{upload.filename}</span>
          <progress
            className={styles.progress}
            aria-label={`Upload of ${upload.filename}`}
            max={1}
            value={upload.state === 'failed' ? undefined : upload.progress}
          />
          <span className={upload.state === 'failed' ? styles.failed : styles.status}>
            {STATE_TEXT[upload.state]}
            {upload.state === 'uploading' && ` ${Math.round(upload.progress * 100)}%`}
          </span>
          {upload.error && (
            <p role="alert" className={`alert ${styles.rowError}`}>
              {upload.error}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
