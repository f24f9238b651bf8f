/**
 * The result fields of a CSV written back: each cell as text (made safe, numbers plain, dates in ISO 8601), quoted
 * where it must be, and written as bytes into one buffer, a field repeated from row to row encoded once. Pure.
 */
import { isResultDate, isSameResultCell, type ResultCell } from "../../core/result-sheet-data";
import { neutraliseFormula } from "../../core/spreadsheet-safety";
import type { TextEncodingName } from "../formats/decode-text";
import { encodeTextInto, maxEncodedLength } from "../formats/encode-text";
import { resultDateText, type ZoneOffset } from "./result-dates";

/**
 * Quoted whatever the delimiter, so a program that splits on the other list separator cannot split the value or run
 * what follows.
 */
const NEEDS_QUOTES = /[",;\r\n]/;

/** Digits of a number's text from its first non-zero digit, up to any exponent. */
function significantDigits(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x65) break;
    if (code > 0x30 ? code <= 0x39 : code === 0x30 && count > 0) count++;
  }
  return count;
}

/**
 * A number as any spreadsheet reads it: up to 15 significant digits (what Excel keeps), a point for decimals, no
 * exponent, no grouping.
 */
function plainNumber(value: number): string {
  if (!Number.isFinite(value)) return "";
  // A whole number within 15 digits is written as it is: most numbers in results are.
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value);
  const shortest = String(value);
  const text = significantDigits(shortest) <= 15 ? shortest : String(Number(value.toPrecision(15)));
  const e = text.indexOf("e");
  if (e === -1) return text;
  const negative = text.startsWith("-");
  const mantissa = text.slice(negative ? 1 : 0, e);
  const point = mantissa.indexOf(".");
  const digits = mantissa.replace(".", "");
  const pointAt = (point === -1 ? mantissa.length : point) + Number(text.slice(e + 1));
  const plain =
    pointAt <= 0
      ? `0.${"0".repeat(-pointAt)}${digits}`
      : pointAt >= digits.length
        ? digits + "0".repeat(pointAt - digits.length)
        : `${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
  return negative ? `-${plain}` : plain;
}

/**
 * What a cell says once written: text made safe from formulas, a number in plain digits, a date in ISO 8601 (a moment
 * in the zone's local time with its offset), null as nothing.
 */
export function cellText(cell: ResultCell, zoneOffset: ZoneOffset | undefined): string {
  if (cell === null) return "";
  if (isResultDate(cell)) return resultDateText(cell, zoneOffset);
  return typeof cell === "number" ? plainNumber(cell) : neutraliseFormula(cell);
}

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

function csvField(text: string, delimiter: string): string {
  return NEEDS_QUOTES.test(text) || text.includes(delimiter) ? quoted(text) : text;
}

/** Bytes written one after another into one buffer that grows by doubling: no piece is kept or copied twice. */
export function byteWriter(capacity: number) {
  let bytes = new Uint8Array(capacity);
  let length = 0;
  const reserve = (extra: number) => {
    if (length + extra <= bytes.length) return;
    const grown = new Uint8Array(Math.max(bytes.length * 2, length + extra));
    grown.set(bytes.subarray(0, length));
    bytes = grown;
  };
  return {
    get length(): number {
      return length;
    },
    bytes(chunk: Uint8Array): void {
      reserve(chunk.length);
      // A call to `set` costs more than copying the few bytes a field is.
      if (chunk.length > 32) bytes.set(chunk, length);
      else for (let k = 0; k < chunk.length; k++) bytes[length + k] = chunk[k] as number;
      length += chunk.length;
    },
    /** False, writing nothing, when the encoding has no bytes for some of the text. */
    text(text: string, encoding: TextEncodingName): boolean {
      reserve(maxEncodedLength(text));
      const written = encodeTextInto(text, encoding, bytes, length);
      if (written === undefined) return false;
      length += written;
      return true;
    },
    /** A copy of what was written from `start` on. */
    copyFrom: (start: number): Uint8Array => bytes.slice(start, length),
    done: (): Uint8Array => (length === bytes.length ? bytes : bytes.slice(0, length)),
  };
}

/** Distinct result fields remembered as their bytes at most. */
const MAX_REMEMBERED_FIELDS = 4096;

/**
 * Writes a result cell of result column `column` as a field, its delimiter first, into `out` in `encoding`; false,
 * having written nothing, when the encoding has no bytes for it. Results repeat from row to row ("Created", a price): a
 * field is made and encoded once, then its bytes are copied; a field like the one above it in its column (a date
 * among them) is not even looked up.
 */
export function resultFieldWriter(
  out: ReturnType<typeof byteWriter>,
  delimiter: string,
  encoding: TextEncodingName,
  zoneOffset: ZoneOffset | undefined,
) {
  const remembered = new Map<string | number, Uint8Array>();
  /** Each column's last field written unquoted from what was remembered, and its bytes. */
  const lastCells: unknown[] = [];
  const lastBytes: Uint8Array[] = [];
  return (cell: ResultCell, isQuoted: boolean, column: number): boolean => {
    if (!isQuoted && cell !== undefined && isSameResultCell(lastCells[column], cell)) {
      out.bytes(lastBytes[column] as Uint8Array);
      return true;
    }
    lastCells[column] = undefined;
    const key = !isQuoted && (typeof cell === "string" || typeof cell === "number") ? cell : undefined;
    let known = key === undefined ? undefined : remembered.get(key);
    if (known) out.bytes(known);
    else {
      const text = cellText(cell, zoneOffset);
      const start = out.length;
      if (!out.text(delimiter + (isQuoted ? quoted(text) : csvField(text, delimiter)), encoding)) return false;
      // A date is not among those remembered (they are kept by their text or number); the rows of an order share it.
      if (!isQuoted && isResultDate(cell)) {
        lastCells[column] = cell;
        lastBytes[column] = out.copyFrom(start);
        return true;
      }
      if (key === undefined || remembered.size >= MAX_REMEMBERED_FIELDS) return true;
      remembered.set(key, (known = out.copyFrom(start)));
    }
    lastCells[column] = key;
    lastBytes[column] = known;
    return true;
  };
}
