import { useId } from 'react';
import styles from './look-and-feel.module.css';
import type { UploadState } from './use-signed-upload.ts';

const STATE_TEXT: Record<UploadState['state'], string> = {
  uploading: 'Uploading',
  attaching: 'Checking the file',
  done: 'Uploaded.',
  failed: 'Not uploaded.',
};

interface UploadFieldProps {
  label: string;
  /** The types and size the API takes, said before choosing. */
  hint: string;
  /** The `accept` list of the file input. */
  accept: readonly string[];
  upload: UploadState | null;
  onFile: (file: File) => void;
}

/** A file input for one slot, then the upload's progress bar, its state and the reason it failed. */
export function UploadField({ label, hint, accept, upload, onFile }: UploadFieldProps) {
  const id = useId();
  const busy = upload?.state === 'uploading' || upload?.state === 'attaching';
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
      <input
        id={id}
        type="file"
        accept={accept.join(',')}
        aria-describedby={`${id}-hint`}
        disabled={busy}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = '';
        }}
      />
      {upload && (
        <div className={styles.upload}>
          <progress
            aria-label={`Upload of ${upload.filename}`}
            max={1}
            value={upload.state === 'failed' ? undefined : upload.progress}
          />
          <span role="status">
            {STATE_TEXT[upload.state]}
            {upload.state === 'uploading' && ` ${Math.round(upload.progress * 100)}%`}
          </span>
          {upload.error && (
            <p role="alert" className="alert">
              {upload.error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
