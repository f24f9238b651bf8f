import { inflateEntry, listZipEntries, type ZipEntry } from "./zip-guard";

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const EOCD = 0x06054b50;
const DATA_DESCRIPTOR = 0x08074b50;
const HAS_DATA_DESCRIPTOR = 0x0008;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++) crc = (CRC_TABLE[(crc ^ (data[i] as number)) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.length;
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) out.set(chunk, at), (at += chunk.length);
  return out;
}

async function inflateText(bytes: Uint8Array, entry: ZipEntry, budget: number): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  await inflateEntry(bytes, entry, entry.name, budget, (chunk) => void (text += decoder.decode(chunk, { stream: true })));
  return text + decoder.decode();
}

/** One entry's text, inflated within `budget` bytes; undefined when the zip has no such entry. */
export async function readZipText(bytes: Uint8Array, name: string, budget: number): Promise<string | undefined> {
  const entry = listZipEntries(bytes, name).find((e) => e.name === name);
  return entry && inflateText(bytes, entry, budget);
}

/** Where an entry's local record ends: header, name, extra field, data and any data descriptor. */
function recordEnd(view: DataView, entry: ZipEntry): number {
  const at = entry.localHeaderOffset;
  const dataStart = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  let end = dataStart + entry.compressedSize;
  if (view.getUint16(at + 6, true) & HAS_DATA_DESCRIPTOR) end += (view.getUint32(end, true) === DATA_DESCRIPTOR ? 4 : 0) + 12;
  return end;
}

/**
 * A copy of a zip with one text entry rewritten by `rewrite` (undefined keeps it). The other
 * entries are copied as they are, still compressed, so a large workbook is not packed twice.
 * Returns the zip unchanged when it needs zip64 or has no such entry.
 */
export async function rewriteZipEntry(bytes: Uint8Array, name: string, budget: number, rewrite: (text: string) => string | undefined): Promise<Uint8Array> {
  const entries = listZipEntries(bytes, name);
  const target = entries.find((e) => e.name === name);
  if (!target || entries.length >= 0xffff || bytes.length >= 0xffffffff) return bytes;
  const text = await inflateText(bytes, target, budget);
  const replaced = rewrite(text);
  if (replaced === undefined || replaced === text) return bytes;

  const data = new TextEncoder().encode(replaced);
  const packed = await collect(new Blob([data]).stream().pipeThrough(new CompressionStream("deflate-raw")));
  const crc = crc32(data);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ordered = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);

  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of ordered) {
    const at = entry.localHeaderOffset;
    const flags = view.getUint16(at + 6, true);
    const time = view.getUint16(at + 10, true);
    const date = view.getUint16(at + 12, true);
    const isTarget = entry === target;
    const record = isTarget ? localRecord(entry.nameBytes, flags & ~HAS_DATA_DESCRIPTOR, time, date, crc, packed, data.length) : bytes.subarray(at, recordEnd(view, entry));
    central.push(
      centralHeader(entry.nameBytes, isTarget ? flags & ~HAS_DATA_DESCRIPTOR : flags, isTarget ? 8 : entry.method, time, date, isTarget ? crc : entry.crc32, isTarget ? packed.length : entry.compressedSize, isTarget ? data.length : entry.uncompressedSize, offset),
    );
    parts.push(record);
    offset += record.length;
  }
  const directorySize = central.reduce((sum, part) => sum + part.length, 0);
  const end = new Uint8Array(22);
  const endView = new DataView(end.buffer);
  endView.setUint32(0, EOCD, true);
  endView.setUint16(8, ordered.length, true);
  endView.setUint16(10, ordered.length, true);
  endView.setUint32(12, directorySize, true);
  endView.setUint32(16, offset, true);

  const out = new Uint8Array(offset + directorySize + end.length);
  let at = 0;
  for (const part of [...parts, ...central, end]) out.set(part, at), (at += part.length);
  return out;
}

function localRecord(nameBytes: Uint8Array, flags: number, time: number, date: number, crc: number, packed: Uint8Array, size: number): Uint8Array {
  const record = new Uint8Array(30 + nameBytes.length + packed.length);
  const view = new DataView(record.buffer);
  view.setUint32(0, LOCAL_HEADER, true);
  view.setUint16(4, 20, true);
  view.setUint16(6, flags, true);
  view.setUint16(8, 8, true);
  view.setUint16(10, time, true);
  view.setUint16(12, date, true);
  view.setUint32(14, crc, true);
  view.setUint32(18, packed.length, true);
  view.setUint32(22, size, true);
  view.setUint16(26, nameBytes.length, true);
  record.set(nameBytes, 30);
  record.set(packed, 30 + nameBytes.length);
  return record;
}

function centralHeader(nameBytes: Uint8Array, flags: number, method: number, time: number, date: number, crc: number, packedSize: number, size: number, offset: number): Uint8Array {
  const header = new Uint8Array(46 + nameBytes.length);
  const view = new DataView(header.buffer);
  view.setUint32(0, CENTRAL_HEADER, true);
  view.setUint16(4, 20, true);
  view.setUint16(6, 20, true);
  view.setUint16(8, flags, true);
  view.setUint16(10, method, true);
  view.setUint16(12, time, true);
  view.setUint16(14, date, true);
  view.setUint32(16, crc, true);
  view.setUint32(20, packedSize, true);
  view.setUint32(24, size, true);
  view.setUint16(28, nameBytes.length, true);
  view.setUint32(42, offset, true);
  header.set(nameBytes, 46);
  return header;
}
