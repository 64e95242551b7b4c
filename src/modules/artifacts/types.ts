import { extname } from 'node:path';

export const ARTIFACT_TYPES = ['dashboard', 'image', 'presentation', 'spreadsheet', 'document', 'file'] as const;
export type ArtifactType = (typeof ARTIFACT_TYPES)[number];

const BY_EXTENSION: Record<string, ArtifactType> = {
  '.html': 'dashboard',
  '.htm': 'dashboard',
  '.png': 'image',
  '.jpg': 'image',
  '.jpeg': 'image',
  '.gif': 'image',
  '.webp': 'image',
  '.svg': 'image',
  '.avif': 'image',
  '.bmp': 'image',
  '.tif': 'image',
  '.tiff': 'image',
  '.ico': 'image',
  '.pptx': 'presentation',
  '.ppt': 'presentation',
  '.odp': 'presentation',
  '.key': 'presentation',
  '.xlsx': 'spreadsheet',
  '.xls': 'spreadsheet',
  '.csv': 'spreadsheet',
  '.tsv': 'spreadsheet',
  '.ods': 'spreadsheet',
  '.docx': 'document',
  '.doc': 'document',
  '.odt': 'document',
  '.rtf': 'document',
  '.pdf': 'document',
  '.md': 'document',
  '.markdown': 'document',
  '.txt': 'document',
};

const BY_MIME: Record<string, ArtifactType> = {
  'text/html': 'dashboard',
  'application/xhtml+xml': 'dashboard',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'presentation',
  'application/vnd.ms-powerpoint': 'presentation',
  'application/vnd.oasis.opendocument.presentation': 'presentation',
  'application/vnd.apple.keynote': 'presentation',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'spreadsheet',
  'application/vnd.ms-excel': 'spreadsheet',
  'application/vnd.oasis.opendocument.spreadsheet': 'spreadsheet',
  'text/csv': 'spreadsheet',
  'text/tab-separated-values': 'spreadsheet',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'document',
  'application/msword': 'document',
  'application/vnd.oasis.opendocument.text': 'document',
  'application/rtf': 'document',
  'application/pdf': 'document',
  'text/markdown': 'document',
  'text/plain': 'document',
};

/**
 * The spec's artifact `type`, from the file name's extension first (generators and models often send a generic
 * MIME type), then the MIME type: HTML pages are dashboards, `image/*` images, slide decks presentations,
 * workbooks and delimited tables spreadsheets, word-processing files, PDF, Markdown and plain text documents;
 * anything else (code, JSON, XML, YAML, archives, unknown) is a file.
 */
export function inferArtifactType(mimeType: string, filename: string): ArtifactType {
  const byExtension = BY_EXTENSION[extname(filename).toLowerCase()];
  if (byExtension) return byExtension;
  const mime = (mimeType.split(';')[0] ?? '').trim().toLowerCase();
  if (mime.startsWith('image/')) return 'image';
  return BY_MIME[mime] ?? 'file';
}
