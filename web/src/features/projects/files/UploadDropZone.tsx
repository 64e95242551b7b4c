import { type DragEvent, useRef, useState } from 'react';
import styles from './FilesSection.module.css';

/** Drop files here, or choose them with the button (the keyboard's way in). */
export function UploadDropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const picker = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const accept = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(true);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length > 0) onFiles([...event.dataTransfer.files]);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; its button serves the keyboard
    <div
      className={dragging ? `${styles.dropZone} ${styles.dragging}` : styles.dropZone}
      onDragEnter={accept}
      onDragOver={accept}
      onDragLeave={() => setDragging(false)}
      onDrop={drop}
    >
      <p className={styles.dropHint}>Drop files here to upload them (up to 100 MB each), or</p>
      <button type="button" className="button" onClick={() => picker.current?.click()}>
        Choose files
      </button>
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Emptied, so the same file can be chosen again (after a failure, say).
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
