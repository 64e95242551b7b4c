/** A file attached to a message, as a run's model reads it: its text, or for an image its stored bytes. */
export interface AttachedContent {
  /** Extracted (project files) or generated (artifacts) text; null when there is none. */
  text: string | null;
  mimeType: string;
  sizeBytes: number;
  storageKey: string;
}
