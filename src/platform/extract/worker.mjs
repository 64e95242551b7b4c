// One extraction, in a worker thread started by sandbox.ts: the thread exits once it has answered. Plain
// JavaScript so that it starts without a TypeScript loader in any host (tsx, vitest, node), like
// platform/regex/worker.mjs. Time, heap and output are bounded by the parent: it terminates this thread past its
// time budget, starts it with resourceLimits, and passes the most characters to return.
//   in (workerData): { format, data: Uint8Array, maxChars }
//   out (one message): { ok: true, text, truncated } | { ok: false, message }
import { parentPort, workerData } from 'node:worker_threads';

/** Each format's module is loaded only when needed: the office libraries take a while to import. */
const FORMATS = {
  text: async () => (await import('./text.mjs')).extractPlainText,
  json: async () => (await import('./text.mjs')).extractJson,
  html: async () => (await import('./html.mjs')).extractHtml,
  pdf: async () => (await import('./pdf.mjs')).extractPdf,
  docx: async () => (await import('./docx.mjs')).extractDocx,
  xlsx: async () => (await import('./xlsx.mjs')).extractXlsx,
};

const { format, data, maxChars } = workerData;
try {
  const extract = await FORMATS[format]();
  const { text, truncated } = await extract(Buffer.from(data.buffer, data.byteOffset, data.byteLength), maxChars);
  parentPort.postMessage({ ok: true, text, truncated });
} catch (error) {
  const message = error instanceof Error ? error.message || error.name : String(error);
  parentPort.postMessage({ ok: false, message: message.slice(0, 500) });
}
