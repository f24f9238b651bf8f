import { formatCount } from "../../core/plural";
import { formatBytes, SHEET_LIMITS } from "../limits";
import { failure, SheetReadError } from "../read-failure";
import { piecesOf, STORED_PIECE, zipCodecs } from "./zip-codecs";
import { InflateError } from "./wasm-inflater";

/** One file inside a zip, from its central directory. */
export interface ZipEntry {
  readonly name: string;
  /** The name exactly as stored, for writing it back. */
  readonly nameBytes: Uint8Array;
  readonly crc32: number;
  readonly method: number;
  readonly encrypted: boolean;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
  readonly localHeaderOffset: number;
}

/** The signatures that open a zip's records. */
export const EOCD = 0x06054b50;
export const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
export const CENTRAL_HEADER = 0x02014b50;
export const LOCAL_HEADER = 0x04034b50;
export const MAX16 = 0xffff;
export const MAX32 = 0xffffffff;

/**
 * Where the end of central directory record starts (it ends the zip, perhaps followed by a comment); -1 when there is
 * none.
 */
export function findEndRecord(view: DataView): number {
  for (let i = view.byteLength - 22; i >= Math.max(0, view.byteLength - 22 - MAX16); i--) {
    if (view.getUint32(i, true) === EOCD) return i;
  }
  return -1;
}

function corrupt(fileName: string, detail: string): SheetReadError {
  return new SheetReadError(
    failure(
      "CORRUPT",
      `${fileName} looks damaged (${detail}). Open it in your spreadsheet program, ` +
        "save it again and drop the new file.",
    ),
  );
}

/** Reads the central directory: names and declared sizes, without inflating anything. */
export function listZipEntries(bytes: Uint8Array, fileName: string): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = findEndRecord(view);
  if (eocd < 0) throw corrupt(fileName, "its zip directory is missing, so the file may be cut short");
  let count = view.getUint16(eocd + 10, true);
  let directorySize = view.getUint32(eocd + 12, true);
  let offset: number = view.getUint32(eocd + 16, true);
  if ((count === 0xffff || offset === MAX32) && eocd >= 20 && view.getUint32(eocd - 20, true) === ZIP64_LOCATOR) {
    const record = Number(view.getBigUint64(eocd - 12, true));
    if (record + 56 > bytes.length || view.getUint32(record, true) !== ZIP64_EOCD)
      throw corrupt(fileName, "a broken zip64 directory");
    count = Number(view.getBigUint64(record + 32, true));
    directorySize = Number(view.getBigUint64(record + 40, true));
    offset = Number(view.getBigUint64(record + 48, true));
  }
  if (count > SHEET_LIMITS.zip.maxEntries) {
    throw new SheetReadError(
      failure(
        "ZIP_BOMB",
        `${fileName} holds ${formatCount(count)} parts, far more than any workbook; it was not opened.`,
      ),
    );
  }
  if (offset + directorySize > bytes.length)
    throw corrupt(fileName, "its zip directory points past the end of the file");
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== CENTRAL_HEADER)
      throw corrupt(fileName, "a broken zip directory entry");
    const flags = view.getUint16(offset + 8, true);
    const method = view.getUint16(offset + 10, true);
    const crc32 = view.getUint32(offset + 16, true);
    let compressedSize = view.getUint32(offset + 20, true);
    let uncompressedSize = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    let localHeaderOffset = view.getUint32(offset + 42, true);
    const nameBytes = bytes.subarray(offset + 46, offset + 46 + nameLength);
    const name = decoder.decode(nameBytes);
    // Zip64: the real sizes follow in the extra field, in this order, for those marked 0xFFFFFFFF.
    let extra = offset + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = view.getUint16(extra, true);
      const size = view.getUint16(extra + 2, true);
      if (id === 0x0001) {
        let field = extra + 4;
        if (uncompressedSize === MAX32) {
          uncompressedSize = Number(view.getBigUint64(field, true));
          field += 8;
        }
        if (compressedSize === MAX32) {
          compressedSize = Number(view.getBigUint64(field, true));
          field += 8;
        }
        if (localHeaderOffset === MAX32) localHeaderOffset = Number(view.getBigUint64(field, true));
      }
      extra += 4 + size;
    }
    entries.push({
      name,
      nameBytes,
      crc32,
      method,
      encrypted: (flags & 1) === 1,
      compressedSize,
      uncompressedSize,
      localHeaderOffset,
    });
    offset = extraEnd + commentLength;
  }
  return entries;
}

/**
 * Refuses what declared sizes already give away: too much inflated data in all, or a part
 * that would inflate far beyond what workbooks do.
 */
export function checkDeclaredSizes(entries: readonly ZipEntry[], fileName: string): void {
  const { maxInflatedBytes, maxRatio, ratioFloorBytes } = SHEET_LIMITS.zip;
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    if (entry.uncompressedSize > ratioFloorBytes && entry.uncompressedSize > entry.compressedSize * maxRatio) {
      throw new SheetReadError(
        failure(
          "ZIP_BOMB",
          `${fileName} contains a part (${entry.name}) that would grow from ${formatBytes(entry.compressedSize)} ` +
            `to ${formatBytes(entry.uncompressedSize)}; no workbook does that, so it was not opened.`,
        ),
      );
    }
  }
  if (total > maxInflatedBytes) {
    throw new SheetReadError(
      failure(
        "ZIP_BOMB",
        `${fileName} would take ${formatBytes(total)} once unpacked; ` +
          `workbooks up to ${formatBytes(maxInflatedBytes)} unpacked can be read. ` +
          "Save the order sheet alone, or as CSV.",
      ),
    );
  }
}

/**
 * Where an entry's packed data starts, past its local header (name and extra field); undefined when no local header is
 * where the directory says.
 */
export function localDataStart(bytes: Uint8Array, entry: ZipEntry): number | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_HEADER) return undefined;
  return at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
}

/**
 * Where an entry's packed data starts, in a zip checked before (its rewriting): a missing local header is a
 * programmer's error.
 */
export function dataStartOf(bytes: Uint8Array, entry: ZipEntry): number {
  const start = localDataStart(bytes, entry);
  if (start === undefined) throw new Error(`${entry.name} has no local header`);
  return start;
}

function dataOffset(bytes: Uint8Array, entry: ZipEntry, fileName: string): number {
  const start = localDataStart(bytes, entry);
  if (start === undefined) throw corrupt(fileName, `a broken header for ${entry.name}`);
  if (start + entry.compressedSize > bytes.length) throw corrupt(fileName, `${entry.name} is cut short`);
  return start;
}

/**
 * Inflates one entry, counting bytes as they come: more than the entry declared, or more
 * than `budget`, stops it at once. `onChunk` sees the data as it arrives and may stop the
 * inflating by throwing, which is passed on as it was thrown. A chunk is only valid until
 * `onChunk` returns (the host's piece inflater writes the next one into the same memory).
 */
export async function inflateEntry(
  bytes: Uint8Array,
  entry: ZipEntry,
  fileName: string,
  budget: number,
  onChunk?: (chunk: Uint8Array) => void,
): Promise<number> {
  const start = dataOffset(bytes, entry, fileName);
  const packed = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) {
    if (packed.length > budget) throw tooBig(fileName);
    for (let at = 0; at < packed.length; at += STORED_PIECE) onChunk?.(packed.subarray(at, at + STORED_PIECE));
    return packed.length;
  }
  if (entry.method !== 8) throw corrupt(fileName, `${entry.name} uses an unknown compression method`);
  const limit = Math.min(entry.uncompressedSize, budget);
  let produced = 0;
  const take = (chunk: Uint8Array) => {
    produced += chunk.length;
    if (produced > limit) {
      throw produced > entry.uncompressedSize
        ? new SheetReadError(
            failure(
              "ZIP_BOMB",
              `${fileName}: the part ${entry.name} unpacks to more than it declares; the file was not opened.`,
            ),
          )
        : tooBig(fileName);
    }
    onChunk?.(chunk);
  };
  const inPlace = await zipCodecs().pieceInflater?.();
  if (inPlace) {
    try {
      for (const piece of inPlace.pieces(packed)) take(piece);
    } catch (error) {
      throw error instanceof InflateError ? corrupt(fileName, `${entry.name} does not unpack`) : error;
    }
    return produced;
  }
  const stream = piecesOf(packed).pipeThrough(zipCodecs().inflater());
  const reader = stream.getReader();
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw corrupt(fileName, `${entry.name} does not unpack`);
    }
    if (chunk.done) break;
    try {
      take(chunk.value);
    } catch (error) {
      await reader.cancel().catch(() => undefined);
      throw error;
    }
  }
  return produced;
}

function tooBig(fileName: string): SheetReadError {
  return new SheetReadError(
    failure(
      "ZIP_BOMB",
      `${fileName} would take more than ${formatBytes(SHEET_LIMITS.zip.maxInflatedBytes)} once unpacked; ` +
        "it was not opened.",
    ),
  );
}
