import { useState } from 'react';
import { Timestamp } from '../../../components/Timestamp.tsx';
import { describeError } from '../../../lib/errors.ts';
import { formatFileSize } from '../../artifacts/index.ts';
import styles from './FilesSection.module.css';
import { type ProjectFile, useDeleteFile, useDownloadFile } from './use-project-files.ts';

const INDEX_TEXT: Record<ProjectFile['index_status'], string> = {
  pending: 'Waiting to be indexed',
  processing: 'Indexing…',
  ready: 'Indexed',
  failed: 'Indexing failed',
};

export function FileRow({ file, projectId }: { file: ProjectFile; projectId: string }) {
  const download = useDownloadFile();
  const remove = useDeleteFile(projectId);
  const [confirming, setConfirming] = useState(false);
  const error = download.error ?? remove.error;
  return (
    <li className={styles.file}>
      <span className={styles.fileName}>{file.filename}</span>
      <span className={styles.status}>
        {formatFileSize(file.size_bytes)} · <Timestamp value={file.created_at} />
      </span>
      <span className={file.index_status === 'failed' ? styles.failed : styles.status}>
        {file.status === 'pending' ? 'Upload not finished' : INDEX_TEXT[file.index_status]}
      </span>
      <span className={styles.actions}>
        <button
          type="button"
          className="button button--quiet"
          aria-label={`Download ${file.filename}`}
          disabled={file.status !== 'ready' || download.isPending}
          onClick={() => download.mutate(file.id)}
        >
          Download
        </button>
        {confirming ? (
          <>
            <button
              type="button"
              className="button button--danger"
              aria-label={`Confirm delete ${file.filename}`}
              disabled={remove.isPending}
              onClick={() => remove.mutate(file.id)}
            >
              Confirm delete
            </button>
            <button type="button" className="button button--quiet" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button--quiet"
            aria-label={`Delete ${file.filename}`}
            onClick={() => setConfirming(true)}
          >
            Delete
          </button>
        )}
      </span>
      {error && (
        <p role="alert" className={`alert ${styles.rowError}`}>
          {describeError(error)}
        </p>
      )}
    </li>
  );
}
