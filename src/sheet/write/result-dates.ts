/**
 * Dates of a result sheet as they are written: moments in the local time of the machine writing them (the one the
 * user reads them on), days as they are. Pure: runs in the sheet worker and in Node.
 */
import type { ResultDate } from "../../core/result-sheet-data";

/** Minutes east of UTC of the time zone moments are written in, at the moment written. */
export type ZoneOffset = (at: Date) => number;

/** The machine's own time zone, with its daylight saving at each moment. */
export const machineZoneOffset: ZoneOffset = (at) => -at.getTimezoneOffset();

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
/** "00" to "99": a moment's fields are looked up here rather than padded, as every order row of a sheet has one. */
const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => pad(n));
const twoDigits = (n: number) => TWO_DIGITS[n] ?? pad(n);

/** "+13:00", "-03:30", "+00:00". */
function offsetText(minutes: number): string {
  const size = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${twoDigits(Math.floor(size / 60))}:${twoDigits(size % 60)}`;
}

/** The wall-clock time at moment `ms` in a zone `offset` minutes east of UTC, in milliseconds read as a UTC time. */
const wallClockMs = (ms: number, offset: number) => ms + offset * 60_000;

/** A moment in ISO 8601 with the zone's offset, to the second: "2026-11-25T14:03:00+13:00". */
export function localIsoDateTime(at: Date, zoneOffset: ZoneOffset = machineZoneOffset): string {
  const offset = zoneOffset(at);
  const local = new Date(wallClockMs(at.getTime(), offset));
  return (
    `${pad(local.getUTCFullYear(), 4)}-${twoDigits(local.getUTCMonth() + 1)}-${twoDigits(local.getUTCDate())}` +
    `T${twoDigits(local.getUTCHours())}:${twoDigits(local.getUTCMinutes())}:${twoDigits(local.getUTCSeconds())}` +
    offsetText(offset)
  );
}

/** The number of a field of `width` digits at `at` of `text`; NaN unless all are digits. */
function fieldAt(text: string, at: number, width: number): number {
  let value = 0;
  for (let i = at; i < at + width; i++) {
    const digit = text.charCodeAt(i) - 0x30;
    if (!(digit >= 0 && digit <= 9)) return Number.NaN;
    value = value * 10 + digit;
  }
  return value;
}

/** Whether `text` has `code` at `at`, and at `also`. */
const hasAt = (text: string, code: number, at: number, also = at) =>
  text.charCodeAt(at) === code && text.charCodeAt(also) === code;

const DASH = 0x2d;
const COLON = 0x3a;
const PLUS = 0x2b;
const POINT = 0x2e;
const LETTER_T = 0x54;
const LETTER_Z = 0x5a;

/**
 * A moment as the vendor writes one ("2026-11-25T01:03:00.000Z", "2026-11-25T14:03:00+13:00"), in milliseconds since
 * 1970, as `Date.parse` reads it; any other text is left to `Date.parse`. Parsing dates is slow in browsers, and a
 * result sheet has one on every order row.
 */
export function momentOf(text: string): number {
  const zoneAt = text.charCodeAt(19) === POINT ? 23 : 19;
  const zone = text.charCodeAt(zoneAt);
  const isUtc = zone === LETTER_Z && text.length === zoneAt + 1;
  const hasOffset = (zone === PLUS || zone === DASH) && text.length === zoneAt + 6 && hasAt(text, COLON, zoneAt + 3);
  if (!(isUtc || hasOffset) || !hasAt(text, DASH, 4, 7) || !hasAt(text, LETTER_T, 10) || !hasAt(text, COLON, 13, 16))
    return Date.parse(text);
  const month = fieldAt(text, 5, 2);
  const day = fieldAt(text, 8, 2);
  const hour = fieldAt(text, 11, 2);
  const minute = fieldAt(text, 14, 2);
  const second = fieldAt(text, 17, 2);
  const offsetHours = hasOffset ? fieldAt(text, zoneAt + 1, 2) : 0;
  const offsetMinutes = hasOffset ? fieldAt(text, zoneAt + 4, 2) : 0;
  const year = fieldAt(text, 0, 4);
  const at = Date.UTC(year, month - 1, day, hour, minute, second, zoneAt === 23 ? fieldAt(text, 20, 3) : 0);
  // Later days of a month are left to Date.parse, which knows which month has them, and years before 1000 (Date.UTC
  // takes 0–99 as 1900–1999); NaN fails every test.
  const isInRange =
    year >= 1000 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= 28 &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 23 &&
    offsetMinutes <= 59;
  if (!isInRange || Number.isNaN(at)) return Date.parse(text);
  const offset = offsetHours * 60 + offsetMinutes;
  return at - (zone === DASH ? -offset : offset) * 60_000;
}

/** A result date as CSV text: a moment in ISO 8601 with the offset, a day as YYYY-MM-DD. */
export function resultDateText(date: ResultDate, zoneOffset: ZoneOffset = machineZoneOffset): string {
  if (date.kind === "date") return date.day;
  const ms = momentOf(date.at);
  return Number.isNaN(ms) ? date.at : localIsoDateTime(new Date(ms), zoneOffset);
}

const MS_PER_DAY = 86_400_000;
/** Days from Excel's day 0 (1899-12-30) to 1970-01-01, and from 1899-12-30 to 1904-01-01 (the 1904 date system). */
const UNIX_EPOCH_SERIAL = 25_569;
const DATE_1904_OFFSET = 1_462;

/**
 * A result date as the serial number of a workbook's date cell: a moment at its local wall-clock time to the second
 * (a workbook has no time zones), a day at its midnight; in the 1904 date system when the workbook uses it. Null for
 * a moment that is not one.
 */
export function resultDateSerial(
  date: ResultDate,
  is1904: boolean,
  zoneOffset: ZoneOffset = machineZoneOffset,
): number | null {
  const ms = date.kind === "date" ? Date.parse(`${date.day}T00:00:00Z`) : momentOf(date.at);
  if (Number.isNaN(ms)) return null;
  const seconds = Math.round((date.kind === "date" ? ms : wallClockMs(ms, zoneOffset(new Date(ms)))) / 1000);
  return seconds / (MS_PER_DAY / 1000) + UNIX_EPOCH_SERIAL - (is1904 ? DATE_1904_OFFSET : 0);
}
