const KB = 1024;

/** A file size as people read it: "512 B", "3.4 KB", "12.0 MB". */
export const formatFileSize = (bytes: number) =>
  bytes < KB ? `${bytes} B` : bytes < KB * KB ? `${(bytes / KB).toFixed(1)} KB` : `${(bytes / KB / KB).toFixed(1)} MB`;
