/**
 * Rewrites a few entries of a zip and adds new ones, copying every other entry as it is:
 * its local record (header, compressed data, data descriptor) and its directory record
 * byte for byte, only moved.
 */
import { joinBytes } from "./join-bytes";
import type { PackedPart } from "./part-text";
import {
  CENTRAL_HEADER,
  dataStartOf,
  EOCD,
  findEndRecord,
  listZipEntries,
  LOCAL_HEADER,
  MAX16,
  MAX32,
  ZIP64_LOCATOR,
  type ZipEntry,
} from "./zip-guard";

const DATA_DESCRIPTOR = 0x08074b50;
const HAS_DATA_DESCRIPTOR = 0x0008;

/** The central directory's records, in order, and the end record's comment. */
function centralDirectory(
  bytes: Uint8Array,
  view: DataView,
  count: number,
): { records: Uint8Array[]; comment: Uint8Array } {
  const eocd = findEndRecord(view);
  if (eocd < 0) throw new Error("the zip directory is missing");
  let offset: number = view.getUint32(eocd + 16, true);
  if (offset === MAX32 && eocd >= 20 && view.getUint32(eocd - 20, true) === ZIP64_LOCATOR)
    offset = Number(view.getBigUint64(Number(view.getBigUint64(eocd - 12, true)) + 48, true));
  const records: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    if (view.getUint32(offset, true) !== CENTRAL_HEADER) throw new Error("a broken zip directory entry");
    const length =
      46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
    records.push(bytes.subarray(offset, offset + length));
    offset += length;
  }
  return { records, comment: bytes.subarray(eocd + 22, eocd + 22 + view.getUint16(eocd + 20, true)) };
}

/** Where an entry's local record ends: header, name, extra field, data and any data descriptor. */
function recordEnd(bytes: Uint8Array, view: DataView, entry: ZipEntry): number {
  let end = dataStartOf(bytes, entry) + entry.compressedSize;
  if (view.getUint16(entry.localHeaderOffset + 6, true) & HAS_DATA_DESCRIPTOR)
    end += (view.getUint32(end, true) === DATA_DESCRIPTOR ? 4 : 0) + 12;
  return end;
}

/**
 * A copy of an untouched entry's directory record pointing at its new place; a zip64 offset is set in its extra field.
 */
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

/** The general-purpose flag saying an entry's name is UTF-8. */
const UTF8_NAMES = 0x800;

/** A moment as a zip entry's local date and time (two-second steps, years from 1980). */
function dosStamp(at: Date): Stamp {
  const year = Math.max(0, at.getFullYear() - 1980);
  return {
    flags: 0,
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: (year << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

/** A part's local record: its header, then its deflated pieces as they are (copied once, into the zip). */
function localRecord(nameBytes: Uint8Array, stamp: Stamp, part: PackedPart): Uint8Array[] {
  const record = new Uint8Array(30 + nameBytes.length);
  const view = new DataView(record.buffer);
  view.setUint32(0, LOCAL_HEADER, true);
  view.setUint16(4, 20, true);
  view.setUint16(6, stamp.flags, true);
  view.setUint16(8, 8, true);
  view.setUint16(10, stamp.time, true);
  view.setUint16(12, stamp.date, true);
  view.setUint32(14, part.crc32, true);
  view.setUint32(18, part.packedSize, true);
  view.setUint32(22, part.size, true);
  view.setUint16(26, nameBytes.length, true);
  record.set(nameBytes, 30);
  return [record, ...part.packed];
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
  view.setUint32(20, part.packedSize, true);
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
export function rewriteZip(
  bytes: Uint8Array,
  replaced: ReadonlyMap<string, PackedPart>,
  added: readonly PackedPart[],
  addedAt?: Date,
): Uint8Array {
  const entries = listZipEntries(bytes, "the workbook");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { records, comment } = centralDirectory(bytes, view, entries.length);
  const stampOf = (entry: ZipEntry): Stamp => {
    const at = entry.localHeaderOffset;
    return {
      flags: view.getUint16(at + 6, true) & ~HAS_DATA_DESCRIPTOR,
      time: view.getUint16(at + 10, true),
      date: view.getUint16(at + 12, true),
    };
  };
  const firstStamp = addedAt ? dosStamp(addedAt) : entries[0] ? stampOf(entries[0]) : { flags: 0, time: 0, date: 0x21 };

  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  const placeLocal = (pieces: readonly Uint8Array[]) => {
    for (const piece of pieces) {
      locals.push(piece);
      offset += piece.length;
    }
  };
  // Local records keep their order in the file; directory records keep theirs.
  const byPosition = entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.localHeaderOffset - b.entry.localHeaderOffset);
  const directory: Uint8Array[] = new Array(entries.length);
  for (const { entry, index } of byPosition) {
    const part = replaced.get(entry.name);
    const stamp = stampOf(entry);
    directory[index] = part
      ? centralRecord(entry.nameBytes, stamp, part, offset)
      : movedRecord(records[index] as Uint8Array, offset);
    placeLocal(
      part
        ? localRecord(entry.nameBytes, stamp, part)
        : [bytes.subarray(entry.localHeaderOffset, recordEnd(bytes, view, entry))],
    );
  }
  centrals.push(...directory);
  const encoder = new TextEncoder();
  for (const part of added) {
    const nameBytes = encoder.encode(part.name);
    // A name beyond ASCII is marked as UTF-8, so every unzip tool reads it as written.
    const stamp = { ...firstStamp, flags: nameBytes.length === part.name.length ? 0 : UTF8_NAMES };
    centrals.push(centralRecord(nameBytes, stamp, part, offset));
    placeLocal(localRecord(nameBytes, stamp, part));
  }
  const directorySize = centrals.reduce((sum, record) => sum + record.length, 0);
  if (centrals.length >= MAX16 || offset + directorySize >= MAX32)
    throw new Error("the workbook would be too large for a plain zip");

  const end = new Uint8Array(22 + comment.length);
  const endView = new DataView(end.buffer);
  endView.setUint32(0, EOCD, true);
  endView.setUint16(8, centrals.length, true);
  endView.setUint16(10, centrals.length, true);
  endView.setUint32(12, directorySize, true);
  endView.setUint32(16, offset, true);
  endView.setUint16(20, comment.length, true);
  end.set(comment, 22);

  return joinBytes([...locals, ...centrals, end], offset + directorySize + end.length);
}
