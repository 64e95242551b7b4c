import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './report.ts';

const SIZE = 20 * 1024 * 1024;
const MB = 1024 * 1024;

async function timed(run: () => Promise<void>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

async function call(url: string, token: string, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * (f) A 20 MB project-file upload through the local storage backend (signed URL PUT, streamed to disk, then
 * commit) against its floor: copying a 20 MB file on the same disk. Rounds are interleaved; medians reported.
 */
export async function benchUpload(atriumUrl: string, session: string, rounds: number): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'atrium-bench-upload-'));
  try {
    const data = randomBytes(SIZE);
    const source = join(dir, 'source.bin');
    await writeFile(source, data);
    const project = await call(atriumUrl, session, 'POST', '/v1/projects', { name: `Upload bench ${Date.now()}` });
    const copies: number[] = [];
    const uploads: number[] = [];
    for (let round = 0; round < rounds; round++) {
      copies.push(SIZE / MB / (await timed(() => copyFile(source, join(dir, `copy-${round}.bin`)))));
      uploads.push(
        SIZE /
          MB /
          (await timed(async () => {
            const { file_id, upload_url } = await call(
              atriumUrl,
              session,
              'POST',
              `/v1/projects/${project.id}/files/upload-url`,
              {
                filename: `bench-${round}.bin`,
                mimeType: 'application/octet-stream',
                sizeBytes: SIZE,
              },
            );
            const put = await fetch(upload_url, {
              method: 'PUT',
              headers: { 'x-ms-blob-type': 'BlockBlob', 'content-type': 'application/octet-stream' },
              body: new Uint8Array(data),
            });
            if (put.status !== 201) throw new Error(`upload answered ${put.status}`);
            await call(atriumUrl, session, 'POST', `/v1/project-files/${file_id}/commit`);
          })),
      );
    }
    const copy = median(copies);
    const upload = median(uploads);
    return [
      '',
      `${'(f) 20 MB upload: upload-url + PUT + commit, local backend'.padEnd(62)}${upload.toFixed(0).padStart(8)} MB/s`,
      `${'    floor: copying a 20 MB file on the same disk'.padEnd(62)}${copy.toFixed(0).padStart(8)} MB/s`,
      `${'    ratio (upload / copy)'.padEnd(62)}${(upload / copy).toFixed(2).padStart(8)}`,
      `    median of ${rounds} interleaved round(s)`,
    ].join('\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
