import { monthOf } from "./month-names";

/** How a sheet writes dates when day and month could be either: from the account's country. */
export type DateOrder = "day-first" | "month-first";

export type ParsedDate =
  | { readonly ok: true; readonly date: string; readonly ambiguousWith?: string }
  | { readonly ok: false };

function iso(year: number, month: number, day: number): string | undefined {
  if (year < 100) year += 2000;
  // Checked and written by hand, not through a Date: every order's due date comes through here.
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return `${String(year).padStart(4, "0")}-${twoDigits(month)}-${twoDigits(day)}`;
}

const twoDigits = (n: number) => (n < 10 ? `0${n}` : String(n));

/** The days of a month of the Gregorian calendar (`month` 1 to 12), as Date reckons them. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const parsed = (date: string | undefined): ParsedDate => (date ? { ok: true, date } : { ok: false });

/** Excel's serial day numbers (days since 1899-12-30) for dates this century; a time of day is dropped. */
function fromSerial(serial: number): string | undefined {
  const day = Math.floor(serial);
  if (day < 36_526 || day > 73_051) return undefined;
  return new Date(Date.UTC(1899, 11, 30) + day * 86_400_000).toISOString().slice(0, 10);
}

/** Day and month in numbers, 15/02/2027 or 02/15/2027: the account's order wins when both could be. */
function fromNumbers(a: number, b: number, year: number, order: DateOrder): ParsedDate {
  const dayFirst = iso(year, b, a);
  const monthFirst = iso(year, a, b);
  const preferred = order === "day-first" ? (dayFirst ?? monthFirst) : (monthFirst ?? dayFirst);
  if (!preferred) return { ok: false };
  const other = preferred === dayFirst ? monthFirst : dayFirst;
  return other && other !== preferred
    ? { ok: true, date: preferred, ambiguousWith: other }
    : { ok: true, date: preferred };
}

/** An ordinal after a day number: 3rd, 1er, 1º, 3. */
const ORDINAL = String.raw`(?:st|nd|rd|th|er|e|º|°|ª)?\.?`;
/** Spanish and Portuguese "3 de abril de 2027". */
const OF = String.raw`(?:\s+del?(?=\s))?`;
const DAY_MONTH_YEAR = new RegExp(
  String.raw`^(\d{1,2})${ORDINAL}${OF}[\s/.-]*(\p{L}+)\.?${OF}[\s/.,-]*(\d{4}|\d{2})$`,
  "u",
);
const MONTH_DAY_YEAR = new RegExp(String.raw`^(\p{L}+)\.?\s+(\d{1,2})${ORDINAL},?\s+(\d{4}|\d{2})$`, "u");

/**
 * Reads a due date as sheets write it: ISO dates (with or without a time, or with slashes),
 * Excel serial numbers, 15/02/2027, 15.2.27 and 02/15/2027 (either order; when both readings are
 * valid the account's order wins and the other is reported), and a month by name in English,
 * German, French, Spanish, Italian or Dutch: 15 Feb 2027, 15. Februar 2027, 15 février 2027,
 * 15 de febrero de 2027, Feb 15, 2027.
 */
export function parseDueDate(text: string, order: DateOrder): ParsedDate {
  const value = text.trim();
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
  if (match) return parsed(iso(Number(match[1]), Number(match[2]), Number(match[3])));
  if (/^\d{5}(\.\d+)?$/.test(value)) return parsed(fromSerial(Number(value)));
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(value);
  if (match) return fromNumbers(Number(match[1]), Number(match[2]), Number(match[3]), order);
  match = DAY_MONTH_YEAR.exec(value);
  if (match) {
    const month = monthOf(match[2] ?? "");
    return parsed(month ? iso(Number(match[3]), month, Number(match[1])) : undefined);
  }
  match = MONTH_DAY_YEAR.exec(value);
  if (match) {
    const month = monthOf(match[1] ?? "");
    return parsed(month ? iso(Number(match[3]), month, Number(match[2])) : undefined);
  }
  return { ok: false };
}

/**
 * Countries whose people write the month first (4/3/2027 is 3 April): the United States, the
 * territories and freely associated states that keep its conventions, and the Philippines.
 */
const MONTH_FIRST_COUNTRIES: ReadonlySet<string> = new Set([
  "US",
  "AS",
  "GU",
  "MP",
  "PR",
  "UM",
  "VI",
  "FM",
  "MH",
  "PW",
  "PH",
]);

/** Which way round the account's country writes day and month. */
export function dateOrderFor(countryCode: string | null | undefined): DateOrder {
  return MONTH_FIRST_COUNTRIES.has((countryCode ?? "").trim().toUpperCase()) ? "month-first" : "day-first";
}
