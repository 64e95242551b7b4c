import { useArtifactDownloadUrl } from '../../artifacts/index.ts';
import styles from './ArtifactLinks.module.css';

interface ArtifactRef {
  id: string;
  filename: string;
}

function ArtifactLink({ artifact }: { artifact: ArtifactRef }) {
  const url = useArtifactDownloadUrl(artifact.id);
  // The link appears once its signed URL is known; a link without a target would lead nowhere.
  if (!url.data) return <span className={styles.pending}>{artifact.filename}</span>;
  return (
    <a href={url.data} download={artifact.filename} className={styles.link}>
      {artifact.filename}
    </a>
  );
}

/** Files a run produced, each a download link named by its filename. */
export function ArtifactLinks({ artifacts }: { artifacts: readonly ArtifactRef[] }) {
  return (
    <ul aria-label="Files" className={styles.list}>
      {artifacts.map((artifact) => (
        <li key={artifact.id}>
          <ArtifactLink artifact={artifact} />
        </li>
      ))}
    </ul>
  );
}
