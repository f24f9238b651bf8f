/**
 * Rewrites a few entries of a zip and adds new ones, copying every other entry as it is:
 * its local record (header, compressed data, data descriptor) and its directory record
 * byte for byte, only moved. Runs in the sheet worker and in Node: the platform's
 * CompressionStream and DecompressionStream do the packing.
 */
import { encodeText } from "../formats/encode-text";
import { partEncodingOf, type PartEncoding } from "../read/xlsx/part-reader";
import { CENTRAL_HEADER, EOCD, inflateEntry, listZipEntries, LOCAL_HEADER, localDataStart, piecesOf, ZIP64_LOCATOR, type ZipEntry } from "./zip-guard";

const DATA_DESCRIPTOR = 0x08074b50;
const HAS_DATA_DESCRIPTOR = 0x0008;
const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
/** How much text is encoded and handed to the compressor at a time. */
const PACK_BATCH_CHARS = 1 << 20;

/** CRC-32 tables for eight bytes at a time ("slicing by 8"): table k gives a byte's CRC k bytes further on. */
const CRC_TABLES = (() => {
  const tables = new Uint32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    tables[n] = c >>> 0;
  }
  for (let n = 0; n < 256; n++) {
    for (let k = 1; k < 8; k++) tables[k * 256 + n] = ((tables[(k - 1) * 256 + n] as number) >>> 8) ^ (tables[(tables[(k - 1) * 256 + n] as number) & 0xff] as number);
  }
  return tables;
})();

/** Carries a CRC-32 over more data: start from 0, and the result is the CRC so far. */
function crc32(crc: number, data: Uint8Array): number {
  const t = CRC_TABLES;
  let c = ~crc;
  let i = 0;
  for (const end8 = data.length - 8; i <= end8; i += 8) {
    const lo = c ^ ((data[i] as number) | ((data[i + 1] as number) << 8) | ((data[i + 2] as number) << 16) | ((data[i + 3] as number) << 24));
    c =
      (t[7 * 256 + (lo & 0xff)] as number) ^
      (t[6 * 256 + ((lo >>> 8) & 0xff)] as number) ^
      (t[5 * 256 + ((lo >>> 16) & 0xff)] as number) ^
      (t[4 * 256 + (lo >>> 24)] as number) ^
      (t[3 * 256 + (data[i + 4] as number)] as number) ^
      (t[2 * 256 + (data[i + 5] as number)] as number) ^
      (t[256 + (data[i + 6] as number)] as number) ^
      (t[data[i + 7] as number] as number);
  }
  for (; i < data.length; i++) c = (t[(c ^ (data[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return ~c >>> 0;
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

/** A part's text and the encoding it is stored in. */
export interface ZipText {
  readonly text: string;
  readonly encoding: PartEncoding;
}

/**
 * Decodes a part's inflated bytes as the reader does (UTF-16 when they start with its
 * byte-order mark, else UTF-8), keeping a byte-order mark in the text so that encoding the
 * text again in `encoding` gives the same bytes.
 */
export function partDecoder() {
  let decoder: TextDecoder | undefined;
  let encoding: PartEncoding = "utf-8";
  return {
    get encoding(): PartEncoding {
      return encoding;
    },
    decode(chunk: Uint8Array): string {
      if (chunk.length === 0) return "";
      if (!decoder) {
        encoding = partEncodingOf(chunk);
        decoder = new TextDecoder(encoding, { ignoreBOM: true });
      }
      return decoder.decode(chunk, { stream: true });
    },
    end: (): string => decoder?.decode() ?? "",
  };
}

/** One entry's text, inflated within `budget` bytes. */
export async function readZipText(bytes: Uint8Array, entry: ZipEntry, budget: number): Promise<ZipText> {
  const decoder = partDecoder();
  let text = "";
  await inflateEntry(bytes, entry, entry.name, budget, (chunk) => void (text += decoder.decode(chunk)));
  return { text: text + decoder.end(), encoding: decoder.encoding };
}

/** A part ready to be stored: deflated, with the CRC and size of its inflated bytes. */
export interface PackedPart {
  readonly name: string;
  readonly packed: Uint8Array;
  readonly crc32: number;
  readonly size: number;
}

/** Text rewritten as it streams: each call returns the text to write so far. */
export interface TextRewriter {
  push(text: string): string;
  finish(): string;
}

/** Encodes text in the encoding `encodingNow` gives, counting its bytes and CRC on the way to the compressor. */
function textEncoder(encodingNow: () => PartEncoding) {
  const state = { crc: 0, size: 0 };
  return {
    state,
    encode(text: string): Uint8Array<ArrayBuffer> {
      // A part's encodings (UTF-8, UTF-16) have bytes for any text: never undefined.
      const data = encodeText(text, encodingNow()) as Uint8Array<ArrayBuffer>;
      state.crc = crc32(state.crc, data);
      state.size += data.length;
      return data;
    },
  };
}

async function packStream(name: string, text: ReadableStream<Uint8Array<ArrayBuffer>>, counted: { readonly crc: number; readonly size: number }): Promise<PackedPart> {
  const packed = await collect(text.pipeThrough(new CompressionStream("deflate-raw")));
  return { name, packed, crc32: counted.crc, size: counted.size };
}

/** Deflates text given in pieces, without ever joining all of them, encoded in `encoding` (a part's own, UTF-8 for a new one). */
export function packText(name: string, pieces: Iterable<string>, encoding: PartEncoding = "utf-8"): Promise<PackedPart> {
  const encoder = textEncoder(() => encoding);
  const iterator = pieces[Symbol.iterator]();
  const source = new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(controller) {
      let batch = "";
      while (batch.length < PACK_BATCH_CHARS) {
        const next = iterator.next();
        if (next.done) break;
        batch += next.value;
      }
      if (batch === "") controller.close();
      else controller.enqueue(encoder.encode(batch));
    },
  });
  return packStream(name, source, encoder.state);
}

/** Where an entry's compressed data starts, after its local header (the zip was checked before it is rewritten). */
function dataStart(bytes: Uint8Array, entry: ZipEntry): number {
  const start = localDataStart(bytes, entry);
  if (start === undefined) throw new Error(`${entry.name} has no local header`);
  return start;
}

/**
 * Inflates an entry, runs its text through `rewriter` and deflates the result, one chunk at
 * a time: neither the old nor the new text is ever held whole. The text is decoded as the
 * reader decodes it and written back in the same encoding. An error thrown by the
 * rewriter comes out of the returned promise.
 */
export function repackText(bytes: Uint8Array, entry: ZipEntry, rewriter: TextRewriter): Promise<PackedPart> {
  const start = dataStart(bytes, entry);
  const stored = piecesOf(bytes.subarray(start, start + entry.compressedSize));
  const inflated = entry.method === 8 ? stored.pipeThrough(new DecompressionStream("deflate-raw")) : stored;
  // Written back in the encoding it came in.
  const decoder = partDecoder();
  const encoder = textEncoder(() => decoder.encoding);
  let read = 0;
  // The compressor is much faster given a few large chunks than many small ones.
  let pending: string[] = [];
  let pendingLength = 0;
  const rewrite = new TransformStream<Uint8Array, Uint8Array<ArrayBuffer>>({
    transform(chunk, controller) {
      read += chunk.length;
      if (read > entry.uncompressedSize) throw new Error(`${entry.name} unpacks to more than it declares`);
      const text = rewriter.push(decoder.decode(chunk));
      pending.push(text);
      pendingLength += text.length;
      if (pendingLength < PACK_BATCH_CHARS) return;
      controller.enqueue(encoder.encode(pending.join("")));
      pending = [];
      pendingLength = 0;
    },
    flush(controller) {
      pending.push(rewriter.push(decoder.end()), rewriter.finish());
      const text = pending.join("");
      if (text) controller.enqueue(encoder.encode(text));
    },
  });
  return packStream(entry.name, inflated.pipeThrough(rewrite), encoder.state);
}

/** The central directory's records, in order, and the end record's comment. */
function centralDirectory(bytes: Uint8Array, view: DataView, count: number): { records: Uint8Array[]; comment: Uint8Array } {
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - MAX16); i--) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error("the zip directory is missing");
  let offset: number = view.getUint32(eocd + 16, true);
  if (offset === MAX32 && eocd >= 20 && view.getUint32(eocd - 20, true) === ZIP64_LOCATOR) offset = Number(view.getBigUint64(Number(view.getBigUint64(eocd - 12, true)) + 48, true));
  const records: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    if (view.getUint32(offset, true) !== CENTRAL_HEADER) throw new Error("a broken zip directory entry");
    const length = 46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
    records.push(bytes.subarray(offset, offset + length));
    offset += length;
  }
  return { records, comment: bytes.subarray(eocd + 22, eocd + 22 + view.getUint16(eocd + 20, true)) };
}

/** Where an entry's local record ends: header, name, extra field, data and any data descriptor. */
function recordEnd(bytes: Uint8Array, view: DataView, entry: ZipEntry): number {
  let end = dataStart(bytes, entry) + entry.compressedSize;
  if (view.getUint16(entry.localHeaderOffset + 6, true) & HAS_DATA_DESCRIPTOR) end += (view.getUint32(end, true) === DATA_DESCRIPTOR ? 4 : 0) + 12;
  return end;
}

/** A copy of an untouched entry's directory record pointing at its new place; a zip64 offset is set in its extra field. */
function movedRecord(record: Uint8Array, offset: number): Uint8Array {
  const copy = record.slice();
  const view = new DataView(copy.buffer);
  if (view.getUint32(42, true) !== MAX32) {
    view.setUint32(42, offset, true);
    return copy;
  }
  let extra = 46 + view.getUint16(28, true);
  const extraEnd = extra + view.getUint16(30, true);
  while (extra + 4 <= extraEnd) {
    const id = view.getUint16(extra, true);
    const size = view.getUint16(extra + 2, true);
    if (id === 0x0001) {
      // Sizes come first, each only when its field in the record is 0xFFFFFFFF.
      const skipped = (view.getUint32(24, true) === MAX32 ? 8 : 0) + (view.getUint32(20, true) === MAX32 ? 8 : 0);
      view.setBigUint64(extra + 4 + skipped, BigInt(offset), true);
    }
    extra += 4 + size;
  }
  return copy;
}

interface Stamp {
  readonly flags: number;
  readonly time: number;
  readonly date: number;
}

function localRecord(nameBytes: Uint8Array, stamp: Stamp, part: PackedPart): Uint8Array {
  const record = new Uint8Array(30 + nameBytes.length + part.packed.length);
  const view = new DataView(record.buffer);
  view.setUint32(0, LOCAL_HEADER, true);
  view.setUint16(4, 20, true);
  view.setUint16(6, stamp.flags, true);
  view.setUint16(8, 8, true);
  view.setUint16(10, stamp.time, true);
  view.setUint16(12, stamp.date, true);
  view.setUint32(14, part.crc32, true);
  view.setUint32(18, part.packed.length, true);
  view.setUint32(22, part.size, true);
  view.setUint16(26, nameBytes.length, true);
  record.set(nameBytes, 30);
  record.set(part.packed, 30 + nameBytes.length);
  return record;
}

function centralRecord(nameBytes: Uint8Array, stamp: Stamp, part: PackedPart, offset: number): Uint8Array {
  const record = new Uint8Array(46 + nameBytes.length);
  const view = new DataView(record.buffer);
  view.setUint32(0, CENTRAL_HEADER, true);
  view.setUint16(4, 20, true);
  view.setUint16(6, 20, true);
  view.setUint16(8, stamp.flags, true);
  view.setUint16(10, 8, true);
  view.setUint16(12, stamp.time, true);
  view.setUint16(14, stamp.date, true);
  view.setUint32(16, part.crc32, true);
  view.setUint32(20, part.packed.length, true);
  view.setUint32(24, part.size, true);
  view.setUint16(28, nameBytes.length, true);
  view.setUint32(42, offset, true);
  record.set(nameBytes, 46);
  return record;
}

/**
 * A copy of a zip with the entries in `replaced` (by name) swapped for new data and the
 * `added` parts after the others. New entries take the date of the first entry. Throws when
 * the result would need zip64, which no workbook within the limits does.
 */
export function rewriteZip(bytes: Uint8Array, replaced: ReadonlyMap<string, PackedPart>, added: readonly PackedPart[]): Uint8Array {
  const entries = listZipEntries(bytes, "the workbook");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { records, comment } = centralDirectory(bytes, view, entries.length);
  const stampOf = (entry: ZipEntry): Stamp => {
    const at = entry.localHeaderOffset;
    return { flags: view.getUint16(at + 6, true) & ~HAS_DATA_DESCRIPTOR, time: view.getUint16(at + 10, true), date: view.getUint16(at + 12, true) };
  };
  const firstStamp = entries[0] ? stampOf(entries[0]) : { flags: 0, time: 0, date: 0x21 };

  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  const place = (local: Uint8Array, central: Uint8Array) => {
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  };
  // Local records keep their order in the file; directory records keep theirs.
  const byPosition = entries.map((entry, index) => ({ entry, index })).sort((a, b) => a.entry.localHeaderOffset - b.entry.localHeaderOffset);
  const directory: Uint8Array[] = new Array(entries.length);
  for (const { entry, index } of byPosition) {
    const part = replaced.get(entry.name);
    const stamp = stampOf(entry);
    const local = part ? localRecord(entry.nameBytes, stamp, part) : bytes.subarray(entry.localHeaderOffset, recordEnd(bytes, view, entry));
    directory[index] = part ? centralRecord(entry.nameBytes, stamp, part, offset) : movedRecord(records[index] as Uint8Array, offset);
    locals.push(local);
    offset += local.length;
  }
  centrals.push(...directory);
  const encoder = new TextEncoder();
  for (const part of added) {
    const nameBytes = encoder.encode(part.name);
    place(localRecord(nameBytes, { ...firstStamp, flags: 0 }, part), centralRecord(nameBytes, { ...firstStamp, flags: 0 }, part, offset));
  }
  const directorySize = centrals.reduce((sum, record) => sum + record.length, 0);
  if (centrals.length >= MAX16 || offset + directorySize >= MAX32) throw new Error("the workbook would be too large for a plain zip");

  const end = new Uint8Array(22 + comment.length);
  const endView = new DataView(end.buffer);
  endView.setUint32(0, EOCD, true);
  endView.setUint16(8, centrals.length, true);
  endView.setUint16(10, centrals.length, true);
  endView.setUint32(12, directorySize, true);
  endView.setUint32(16, offset, true);
  endView.setUint16(20, comment.length, true);
  end.set(comment, 22);

  const out = new Uint8Array(offset + directorySize + end.length);
  let at = 0;
  for (const part of [...locals, ...centrals, end]) out.set(part, at), (at += part.length);
  return out;
}
