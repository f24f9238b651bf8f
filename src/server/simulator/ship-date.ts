import type { ShipDate } from "../../core/vendor";
import { processInfo } from "./fixtures/catalogue";
import { ANNUAL_CLOSURES } from "./fixtures/lookups";

const DAY = 86_400_000;

/** The calendar date (YYYY-MM-DD) at an instant in a time zone. */
export function localDate(instant: number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    instant,
  );
}

function offsetMinutes(instant: number, timeZone: string): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? "");
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

function isExcluded(date: string): boolean {
  const monthDay = date.slice(5);
  return ANNUAL_CLOSURES.some(({ from, to }) =>
    from <= to ? monthDay >= from && monthDay <= to : monthDay >= from || monthDay <= to,
  );
}

/** The closures as dated ranges: the one under way on `today`, if any, and those of the year after it. */
function dateExclusions(today: string): { dateFrom: string; dateTo: string }[] {
  const year = Number(today.slice(0, 4));
  const inAYear = `${year + 1}${today.slice(4)}`;
  return [year - 1, year, year + 1]
    .flatMap((y) =>
      ANNUAL_CLOSURES.map(({ from, to }) => ({ dateFrom: `${y}-${from}`, dateTo: `${from <= to ? y : y + 1}-${to}` })),
    )
    .filter((range) => range.dateTo >= today && range.dateFrom <= inAYear)
    .sort((a, b) => a.dateFrom.localeCompare(b.dateFrom));
}

function isWorkingDay(date: string): boolean {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isExcluded(date);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/**
 * The earliest date the factory can ship work of the given processes, counted in working days
 * from the local date at `now`. Undefined when a process is unknown (the vendor answers 404).
 */
export function earliestShipDate(processCodes: readonly string[], now: number, timeZone: string): ShipDate | undefined {
  const codes = processCodes.length > 0 ? processCodes : ["DTF"];
  let leadDays = 0;
  for (const code of codes) {
    const info = processInfo(code.toUpperCase());
    if (info === undefined) return undefined;
    leadDays = Math.max(leadDays, info.leadDays);
  }
  const today = localDate(now, timeZone);
  let date = today;
  for (let counted = 0; counted < leadDays; ) {
    date = addDays(date, 1);
    if (isWorkingDay(date)) counted++;
  }
  const dispatchUtc =
    Date.parse(`${date}T17:00:00Z`) - offsetMinutes(Date.parse(`${date}T17:00:00Z`), timeZone) * 60_000;
  return {
    shippingDateUtc: new Date(dispatchUtc).toISOString(),
    shippingDateLocal: `${date}T17:00:00`,
    timezone: timeZone,
    dateExclusions: dateExclusions(today),
  };
}
