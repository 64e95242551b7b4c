// Zip bounds for the extraction worker: docx and xlsx files are zip archives, and a few kilobytes of zip can
// unpack to gigabytes. The libraries that read them (jszip under mammoth and exceljs) inflate an entry whole
// before checking its size, and inflated bytes live outside the V8 heap that the worker's resourceLimits bound,
// so the archive is checked here first: the central directory's entry count and declared sizes, then each entry
// inflated with its declared size as a hard ceiling, so a directory that lies cannot unpack past the bound either.
import { inflateRawSync } from 'node:zlib';

/** Bytes all entries of one document may unpack to together. */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
/** Entries one document may hold. */
export const MAX_ENTRIES = 10_000;

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END_OF_DIRECTORY = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const ZIP64_EXTRA = 0x0001;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
const STORED = 0;
const DEFLATED = 8;

const damaged = () => new Error('it is not a readable zip archive (damaged, or not really a docx or xlsx file)');
const tooLarge = () =>
  new Error(`it unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB, the most read from one document`);

/** Throws an Error whose message says why, unless every entry of the archive unpacks within the bounds. */
export function assertSafeZip(data) {
  try {
    for (const entry of readDirectory(data)) checkEntry(data, entry);
  } catch (error) {
    if (error?.code === 'ERR_OUT_OF_RANGE') throw damaged();
    throw error;
  }
}

function readDirectory(data) {
  const end = findEndOfDirectory(data);
  let count = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  if (count === MAX16 || at === MAX32) ({ count, at } = readZip64End(data, end));
  if (count > MAX_ENTRIES)
    throw new Error(`it holds ${count} zip entries, more than the ${MAX_ENTRIES} read from one document`);
  const entries = [];
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (data.readUInt32LE(at) !== DIRECTORY_ENTRY) throw damaged();
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const extraStart = at + 46 + nameLength;
    const entry = withZip64Fields(data.subarray(extraStart, extraStart + extraLength), {
      method: data.readUInt16LE(at + 10),
      packedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      offset: data.readUInt32LE(at + 42),
    });
    total += entry.size;
    if (total > MAX_UNPACKED_BYTES) throw tooLarge();
    entries.push(entry);
    at = extraStart + extraLength + data.readUInt16LE(at + 32);
  }
  return entries;
}

/** The end-of-directory record sits in the last 22 bytes plus a comment of up to 65,535 bytes. */
function findEndOfDirectory(data) {
  const lowest = Math.max(0, data.length - 22 - MAX16);
  for (let at = data.length - 22; at >= lowest; at--) {
    if (data.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  throw damaged();
}

function readZip64End(data, end) {
  const locator = end - 20;
  if (locator < 0 || data.readUInt32LE(locator) !== ZIP64_LOCATOR) throw damaged();
  const record = safeNumber(data.readBigUInt64LE(locator + 8));
  if (data.readUInt32LE(record) !== ZIP64_END_OF_DIRECTORY) throw damaged();
  return { count: safeNumber(data.readBigUInt64LE(record + 32)), at: safeNumber(data.readBigUInt64LE(record + 48)) };
}

/** Sizes and offset that do not fit 32 bits are in the entry's zip64 extra field, in this order, when saturated. */
function withZip64Fields(extra, entry) {
  if (entry.size !== MAX32 && entry.packedSize !== MAX32 && entry.offset !== MAX32) return entry;
  for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2)) {
    if (extra.readUInt16LE(at) !== ZIP64_EXTRA) continue;
    let field = at + 4;
    const next = () => {
      const value = safeNumber(extra.readBigUInt64LE(field));
      field += 8;
      return value;
    };
    const size = entry.size === MAX32 ? next() : entry.size;
    const packedSize = entry.packedSize === MAX32 ? next() : entry.packedSize;
    const offset = entry.offset === MAX32 ? next() : entry.offset;
    return { ...entry, size, packedSize, offset };
  }
  throw damaged();
}

function safeNumber(value) {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw tooLarge();
  return Number(value);
}

function checkEntry(data, entry) {
  if (data.readUInt32LE(entry.offset) !== LOCAL_HEADER) throw damaged();
  const start = entry.offset + 30 + data.readUInt16LE(entry.offset + 26) + data.readUInt16LE(entry.offset + 28);
  const packed = data.subarray(start, start + entry.packedSize);
  if (packed.length !== entry.packedSize) throw damaged();
  if (entry.method === STORED) {
    if (entry.packedSize !== entry.size) throw damaged();
    return;
  }
  if (entry.method !== DEFLATED) throw new Error(`it uses zip compression method ${entry.method}, which is not read`);
  let unpacked;
  try {
    // zlib needs a ceiling of at least 1; an entry one byte over its declared size fails the length check below.
    unpacked = inflateRawSync(packed, { maxOutputLength: entry.size + 1 });
  } catch (error) {
    if (error?.code === 'ERR_BUFFER_TOO_LARGE') throw new Error('it unpacks to more than its zip directory declares');
    throw damaged();
  }
  if (unpacked.length !== entry.size) throw damaged();
}
