import { constants } from "node:fs";
import { open, stat, type FileHandle } from "node:fs/promises";
import { formatBytes, SHEET_LIMITS } from "../sheet/limits";
import { fileErrorText, nonFileKind } from "./file-problems";

/** An order sheet's file as read from disk: its path as given, and its bytes. */
export interface SheetFile {
  readonly path: string;
  readonly bytes: Uint8Array;
}

export type SheetFileRead =
  | { readonly ok: true; readonly file: SheetFile }
  | { readonly ok: false; readonly message: string };

/** The most a sheet's file may be; the bytes decide later whether it is a CSV or a workbook. */
const MAX_SHEET_BYTES = Math.max(SHEET_LIMITS.csv.maxBytes, SHEET_LIMITS.xlsx.maxBytes);

const tooLarge = (path: string, size: string) => ({
  ok: false as const,
  message:
    `${path} is ${size}; order sheets (CSV files and workbooks) up to ${formatBytes(MAX_SHEET_BYTES)} can be read. ` +
    "Split the sheet into smaller files.",
});

/**
 * Reads an order sheet's file, looking at what it is first: a folder, a pipe or a device is
 * refused before it is opened (reading a pipe waits for a writer, a device never ends), and a
 * file over the size limit before any of it is read. The reading itself stops one byte past
 * the limit, however large the file has grown meanwhile.
 */
export async function readSheetFile(path: string): Promise<SheetFileRead> {
  const cannotOpen = (error: unknown) => ({
    ok: false as const,
    message: `${path} could not be opened: ${fileErrorText(error)}.`,
  });
  let size: number;
  try {
    const stats = await stat(path);
    const kind = nonFileKind(stats);
    if (kind !== undefined) return { ok: false, message: `${path} is ${kind}, not a spreadsheet file.` };
    size = stats.size;
  } catch (error) {
    return cannotOpen(error);
  }
  if (size > MAX_SHEET_BYTES) return tooLarge(path, formatBytes(size));
  let handle: FileHandle;
  try {
    // Not blocking: should the path have become a pipe since it was looked at, opening it must not wait for a writer.
    handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return cannotOpen(error);
  }
  try {
    const kind = nonFileKind(await handle.stat());
    if (kind !== undefined) return { ok: false, message: `${path} is ${kind}, not a spreadsheet file.` };
    const bytes = await readAtMost(handle, MAX_SHEET_BYTES, size);
    return bytes === undefined
      ? tooLarge(path, `larger than ${formatBytes(MAX_SHEET_BYTES)}`)
      : { ok: true, file: { path, bytes } };
  } catch (error) {
    return cannotOpen(error);
  } finally {
    await handle.close();
  }
}

/**
 * Reads from the start of `handle` to its end, or gives up (undefined) once more than
 * `maxBytes` have come: never more than `maxBytes + 1` bytes are read or held, whatever the
 * file's size said or however it grows. `expectedBytes`, the size the file had, sizes the
 * first buffer.
 */
export async function readAtMost(
  handle: FileHandle,
  maxBytes: number,
  expectedBytes = 0,
): Promise<Uint8Array | undefined> {
  let buffer = new Uint8Array(Math.min(expectedBytes, maxBytes) + 1);
  let length = 0;
  for (;;) {
    if (length === buffer.length) {
      if (length > maxBytes) return undefined;
      const grown = new Uint8Array(Math.min(Math.max(buffer.length * 2, 64 * 1024), maxBytes + 1));
      grown.set(buffer);
      buffer = grown;
    }
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
    if (bytesRead === 0) return buffer.subarray(0, length);
    length += bytesRead;
  }
}
