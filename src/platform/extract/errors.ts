/** A file type Atrium cannot read; the caller records it as a failed extraction, never a crash. */
export class UnsupportedFileType extends Error {
  constructor(filename: string, mimeType: string) {
    super(`Unsupported file type: ${filename} (${mimeType}). Supported: txt, md, csv, json, html, pdf, docx, xlsx.`);
    this.name = 'UnsupportedFileType';
  }
}

/**
 * The file's content could not be read: damaged, over a bound (unpacked size, time, memory), or refused by its
 * parser. Reading it again would fail the same way; `reason` is written for the person who uploaded it.
 */
export class UnreadableFile extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'UnreadableFile';
  }
}
