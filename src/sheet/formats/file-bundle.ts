import { countOf } from "../../core/plural";

/**
 * Several files dropped together, kept as one value: the page holds, stores and reopens "the file" of a review or a
 * batch whether one file was dropped or several. The layout is ours alone (it never leaves the browser): a marker no
 * spreadsheet starts with, the length of a JSON list of names and sizes, the list, then each file's bytes in turn.
 */

export interface BundledFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** Starts with a NUL: no CSV, workbook or other sheet a user can drop begins this way. */
const MARKER = new TextEncoder().encode("\u0000order-files/1\n");
const LENGTH_BYTES = 4;

const Index = (value: unknown): { name: string; size: number }[] | undefined =>
  Array.isArray(value) &&
  value.every(
    (entry) =>
      typeof entry === "object" &&
      entry !== null &&
      typeof (entry as { name?: unknown }).name === "string" &&
      Number.isSafeInteger((entry as { size?: unknown }).size) &&
      (entry as { size: number }).size >= 0,
  )
    ? (value as { name: string; size: number }[])
    : undefined;

/** The files as one value, in the order given. */
export function bundleFiles(files: readonly BundledFile[]): Uint8Array {
  const index = new TextEncoder().encode(JSON.stringify(files.map((f) => ({ name: f.name, size: f.bytes.length }))));
  const total = MARKER.length + LENGTH_BYTES + index.length + files.reduce((n, f) => n + f.bytes.length, 0);
  const out = new Uint8Array(total);
  out.set(MARKER, 0);
  new DataView(out.buffer).setUint32(MARKER.length, index.length);
  let at = MARKER.length + LENGTH_BYTES;
  out.set(index, at);
  at += index.length;
  for (const file of files) {
    out.set(file.bytes, at);
    at += file.bytes.length;
  }
  return out;
}

/** Whether bytes are a bundle of files (else they are one file, as dropped). */
export function isBundle(bytes: Uint8Array): boolean {
  if (bytes.length < MARKER.length + LENGTH_BYTES) return false;
  return MARKER.every((byte, i) => bytes[i] === byte);
}

/** The files of a bundle, each a view of its bytes; undefined when the bytes are not a whole bundle. */
export function unbundleFiles(bytes: Uint8Array): BundledFile[] | undefined {
  if (!isBundle(bytes)) return undefined;
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(MARKER.length);
  let at = MARKER.length + LENGTH_BYTES;
  if (at + length > bytes.length) return undefined;
  let index: { name: string; size: number }[] | undefined;
  try {
    index = Index(JSON.parse(new TextDecoder().decode(bytes.subarray(at, at + length))));
  } catch {
    return undefined;
  }
  if (!index) return undefined;
  at += length;
  const files: BundledFile[] = [];
  for (const { name, size } of index) {
    if (at + size > bytes.length) return undefined;
    files.push({ name, bytes: bytes.subarray(at, at + size) });
    at += size;
  }
  return at === bytes.length ? files : undefined;
}

/** How headings name files dropped together: "a.csv and b.xlsx", "a.csv and 2 other files". */
export function bundleName(names: readonly string[]): string {
  const [first = "", second = ""] = names;
  if (names.length <= 1) return first;
  if (names.length === 2) return `${first} and ${second}`;
  return `${first} and ${countOf(names.length - 1, "other file", "other files")}`;
}
