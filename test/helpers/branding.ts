import { expect } from 'vitest';
import type { Client } from './http.ts';

export const BRANDING = '/v1/organization/branding';

/** Small files of each accepted type, each starting with its real signature. */
export const samples = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0 a tiny jpeg body')]),
  webp: Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0x1a, 0, 0, 0]),
    Buffer.from('WEBPVP8L'),
    Buffer.from('a tiny webp body'),
  ]),
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  svg: Buffer.from(
    '\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<!-- the mark -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><style>rect { fill: #123456 }</style>' +
      '<rect width="10" height="10"/></svg>\n',
  ),
};

export const put = (url: string, body: Buffer) =>
  fetch(url, { method: 'PUT', headers: { 'x-ms-blob-type': 'BlockBlob' }, body: new Uint8Array(body) });

/** An upload request for the slot; returns the 201's body. */
export async function requestUpload(http: Client, slot: string, mimeType: string, sizeBytes: number) {
  const res = await http.post(`${BRANDING}/uploads`, { slot, mimeType, sizeBytes });
  expect(res.status, res.text).toBe(201);
  return res.body as { upload_url: string; storage_key: string; expires_in_seconds: number };
}

/** Requests a key for the slot and PUTs the bytes to its URL; returns the key. */
export async function uploaded(http: Client, slot: string, mimeType: string, data: Buffer): Promise<string> {
  const upload = await requestUpload(http, slot, mimeType, data.length);
  const stored = await put(upload.upload_url, data);
  expect(stored.status, await stored.text()).toBe(201);
  return upload.storage_key;
}

/** Uploads and attaches; returns the 200's `branding`. */
export async function attached(http: Client, slot: string, mimeType: string, data: Buffer, filename = `${slot}.bin`) {
  const storageKey = await uploaded(http, slot, mimeType, data);
  const res = await http.put(`${BRANDING}/assets/${slot}`, { storageKey, filename, mimeType, sizeBytes: data.length });
  expect(res.status, res.text).toBe(200);
  return res.body.branding;
}
