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

/** "+13:00", "-03:30", "+00:00". */
function offsetText(minutes: number): string {
  const size = Math.abs(minutes);
  return `${minutes < 0 ? "-" : "+"}${pad(Math.floor(size / 60))}:${pad(size % 60)}`;
}

/** The wall-clock time at a moment in a zone `offset` minutes east of UTC, as the fields of a UTC date. */
const wallClock = (at: Date, offset: number) => new Date(at.getTime() + offset * 60_000);

/** A moment in ISO 8601 with the zone's offset, to the second: "2026-11-25T14:03:00+13:00". */
export function localIsoDateTime(at: Date, zoneOffset: ZoneOffset = machineZoneOffset): string {
  const offset = zoneOffset(at);
  const local = wallClock(at, offset);
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}${offsetText(offset)}`
  );
}

/** A result date as CSV text: a moment in ISO 8601 with the offset, a day as YYYY-MM-DD. */
export function resultDateText(date: ResultDate, zoneOffset: ZoneOffset = machineZoneOffset): string {
  if (date.kind === "date") return date.day;
  const at = new Date(date.at);
  return Number.isNaN(at.getTime()) ? date.at : localIsoDateTime(at, zoneOffset);
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
  const at = date.kind === "date" ? new Date(`${date.day}T00:00:00Z`) : new Date(date.at);
  if (Number.isNaN(at.getTime())) return null;
  const local = date.kind === "date" ? at : wallClock(at, zoneOffset(at));
  const seconds = Math.round(local.getTime() / 1000);
  return seconds / (MS_PER_DAY / 1000) + UNIX_EPOCH_SERIAL - (is1904 ? DATE_1904_OFFSET : 0);
}
