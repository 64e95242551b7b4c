import { useId, useState } from 'react';
import { Timestamp } from '../../components/Timestamp.tsx';
import { ArtifactPreview } from './ArtifactPreview.tsx';
import { type Artifact, useArtifactDownloadUrl } from './artifacts-api.ts';
import { formatFileSize } from './file-size.ts';
import { previewKindOf } from './preview-kind.ts';
import styles from './ThreadFiles.module.css';

function ThreadFile({ artifact }: { artifact: Artifact }) {
  const url = useArtifactDownloadUrl(artifact.id);
  const [previewing, setPreviewing] = useState(false);
  const previewId = useId();
  const kind = previewKindOf(artifact.mime_type, artifact.filename);
  return (
    <li className={styles.item}>
      <div className={styles.row}>
        {url.data ? (
          <a href={url.data} download={artifact.filename} className={styles.name}>
            {artifact.filename}
          </a>
        ) : (
          <span className={styles.name}>{artifact.filename}</span>
        )}
        <span className={styles.meta}>
          {formatFileSize(artifact.size_bytes)} · <Timestamp value={artifact.created_at} />
        </span>
        {kind && url.data && (
          <button
            type="button"
            className="button button--quiet"
            aria-label={`${previewing ? 'Hide preview of' : 'Preview'} ${artifact.filename}`}
            aria-expanded={previewing}
            aria-controls={previewId}
            onClick={() => setPreviewing((open) => !open)}
          >
            {previewing ? 'Hide preview' : 'Preview'}
          </button>
        )}
      </div>
      {previewing && kind && url.data && (
        <div id={previewId} className={styles.preview}>
          <ArtifactPreview artifact={artifact} url={url.data} kind={kind} />
        </div>
      )}
    </li>
  );
}

/** Every file the thread's runs produced: download each, preview those a browser can show safely. */
export function ThreadFiles({ artifacts }: { artifacts: readonly Artifact[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.panel}>
      <h2 id={headingId} className={styles.heading}>
        Files in this thread
      </h2>
      {artifacts.length === 0 ? (
        <p className="empty">No files yet: the assistant's files appear here.</p>
      ) : (
        <ul className={styles.list}>
          {artifacts.map((artifact) => (
            <ThreadFile key={artifact.id} artifact={artifact} />
          ))}
        </ul>
      )}
    </section>
  );
}
