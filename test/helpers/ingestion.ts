import { expect } from 'vitest';
import type { Client } from './http.ts';

export interface UploadFile {
  filename: string;
  mimeType: string;
  data: Buffer;
}

/** Upload URL → PUT the bytes, as a client does; returns the id of the (still pending) file. */
export async function uploadFile(http: Client, projectId: string, file: UploadFile): Promise<string> {
  const res = await http.post(`/v1/projects/${projectId}/files/upload-url`, {
    filename: file.filename,
    mimeType: file.mimeType,
    sizeBytes: file.data.length,
  });
  expect(res.status, res.text).toBe(201);
  const put = await fetch(res.body.upload_url, {
    method: 'PUT',
    headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': file.mimeType },
    body: new Uint8Array(file.data),
  });
  expect(put.status).toBe(201);
  return res.body.file_id as string;
}

/** Upload URL → PUT the bytes → commit, as a client does; returns the file id (ingestion is queued). */
export async function uploadAndCommit(http: Client, projectId: string, file: UploadFile): Promise<string> {
  const fileId = await uploadFile(http, projectId, file);
  const commit = await http.post(`/v1/project-files/${fileId}/commit`);
  expect(commit.status, commit.text).toBe(200);
  return fileId;
}

export interface IndexPoll {
  indexStatus: string;
  latencyMs: number;
}

/**
 * Polls the file record until `index_status` is ready or failed and returns it, with every poll's status and
 * latency (a client's view of how responsive the server stayed meanwhile).
 */
export async function waitForIndex(
  http: Client,
  fileId: string,
  timeoutMs = 60_000,
): Promise<{ file: any; polls: IndexPoll[] }> {
  const deadline = Date.now() + timeoutMs;
  const polls: IndexPoll[] = [];
  for (;;) {
    const started = performance.now();
    const res = await http.get(`/v1/project-files/${fileId}`);
    expect(res.status, res.text).toBe(200);
    polls.push({ indexStatus: res.body.index_status, latencyMs: performance.now() - started });
    if (['ready', 'failed'].includes(res.body.index_status)) return { file: res.body, polls };
    if (Date.now() > deadline) throw new Error(`file ${fileId} still ${res.body.index_status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
