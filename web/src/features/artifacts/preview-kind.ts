export type PreviewKind = 'image' | 'pdf' | 'markdown' | 'csv' | 'dashboard' | 'text';

const extensionOf = (filename: string) => filename.slice(filename.lastIndexOf('.') + 1).toLowerCase();

const TEXT_MEDIA_TYPES = new Set(['application/json', 'application/x-ndjson', 'application/xml', 'application/yaml']);

/**
 * How a browser can show a file safely, from its media type and name; null when it cannot (Office files,
 * archives): those are only downloaded.
 */
export function previewKindOf(mimeType: string, filename: string): PreviewKind | null {
  const mime = (mimeType.split(';')[0] ?? '').trim().toLowerCase();
  const extension = extensionOf(filename);
  // SVG is shown through <img> too, where its scripts never run.
  if (mime.startsWith('image/')) return 'image';
  if (mime === 'application/pdf') return 'pdf';
  if (mime === 'text/markdown' || extension === 'md' || extension === 'markdown') return 'markdown';
  if (mime === 'text/csv' || extension === 'csv') return 'csv';
  if (mime === 'text/html' || mime === 'application/xhtml+xml') return 'dashboard';
  if (mime.startsWith('text/') || TEXT_MEDIA_TYPES.has(mime)) return 'text';
  return null;
}
