export { type Artifact, useArtifactDownloadUrl } from './artifacts-api.ts';
export { formatFileSize } from './file-size.ts';
export { SignedUrlError, uploadToSignedUrl } from './signed-url.ts';
export { ThreadFiles } from './ThreadFiles.tsx';
