import type { CellValue } from "../../../core/sheet-model";

/**
 * A hyperlink cell as the user sees it: its web address when it leads to one (and the text
 * shown is not itself an address), otherwise the text shown, or the link when no text is
 * shown (so an email link gives the address it shows).
 */
export function linkedCellValue(text: string, link: string): CellValue {
  return /^https?:\/\//i.test(link) && !/^https?:\/\//i.test(text.trim()) ? link : text || link;
}

const MS_PER_DAY = 86_400_000;
/** Days from Excel's day 0 (1899-12-30) to 1970-01-01, and from there to 1904-01-01, day 0 of the 1904 date system. */
const UNIX_EPOCH_SERIAL = 25_569;
const DATE_1904_OFFSET = 1_462;

/**
 * The moment an Excel serial number stands for, read as UTC: days since 1899-12-30, or since
 * 1904-01-01 in the 1904 date system. Rounded to the millisecond, as the value is a double.
 */
export function serialToDate(serial: number, is1904: boolean): Date {
  return new Date(Math.round((serial - UNIX_EPOCH_SERIAL + (is1904 ? DATE_1904_OFFSET : 0)) * MS_PER_DAY));
}

/** An ISO date (`t="d"`) as a serial day number, the inverse of serialToDate; NaN when it is not one. */
export function isoToSerial(text: string, is1904: boolean): number {
  const iso = /[zZ]|[+-]\d\d:?\d\d$/.test(text) || !text.includes("T") ? text : `${text}Z`;
  const ms = Date.parse(/^\d{4}-\d\d-\d\d$/.test(iso) ? `${iso}T00:00:00Z` : iso);
  return ms / MS_PER_DAY + UNIX_EPOCH_SERIAL - (is1904 ? DATE_1904_OFFSET : 0);
}

/** Built-in number formats that show dates or times: 14–22 and 45–47 (the locale-specific ones name no format). */
export function isBuiltInDateFormat(id: number): boolean {
  return (id >= 14 && id <= 22) || (id >= 45 && id <= 47);
}

/**
 * Whether a number format shows a date or time: after dropping what is only shown (quoted
 * text, `[...]` sections such as colours and locales, escaped characters, padding and fill
 * characters) it still has a date or time part (y, m, d, h, s, or b for the Buddhist year).
 */
export function isDateFormat(code: string): boolean {
  const shown = code
    .replace(/"[^"]*"/g, "")
    .replace(/\[[^\]]*\]/g, "")
    .replace(/[\\_*]./g, "");
  return /[ymdhMsb]/.test(shown);
}
