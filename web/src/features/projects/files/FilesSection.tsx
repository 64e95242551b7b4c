import { useId } from 'react';
import { LoadError, Loading } from '../../../components/QueryStatus.tsx';
import { FileRow } from './FileRow.tsx';
import styles from './FilesSection.module.css';
import { UploadDropZone } from './UploadDropZone.tsx';
import { UploadList } from './UploadList.tsx';
import { useProjectFiles } from './use-project-files.ts';
import { useUploads } from './use-uploads.ts';

/** The project's files: upload (drop or pick), their index status as it changes, download and delete. */
export function FilesSection({ projectId }: { projectId: string }) {
  const files = useProjectFiles(projectId);
  const { uploads, start } = useUploads(projectId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="stack">
      <h2 id={headingId}>Files</h2>
      <UploadDropZone onFiles={start} />
      <UploadList uploads={uploads} />
      {files.isPending && <Loading label="Loading files…" />}
      {files.isError && <LoadError error={files.error} onRetry={() => files.refetch()} />}
      {files.data?.length === 0 && <p className="empty">No files yet.</p>}
      {files.data && files.data.length > 0 && (
        <ul aria-label="Project files" className={styles.files}>
          {files.data.map((file) => (
            <FileRow key={file.id} file={file} projectId={projectId} />
          ))}
        </ul>
      )}
    </section>
  );
}
