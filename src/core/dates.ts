/** How a sheet writes dates when day and month could be either: from the account's country. */
export type DateOrder = "day-first" | "month-first";

export type ParsedDate =
  | { readonly ok: true; readonly date: string; readonly ambiguousWith?: string }
  | { readonly ok: false };

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

function iso(year: number, month: number, day: number): string | undefined {
  if (year < 100) year += 2000;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/** Excel's serial day numbers (days since 1899-12-30) for dates this century. */
function fromSerial(serial: number): string | undefined {
  if (!Number.isInteger(serial) || serial < 36_526 || serial > 73_051) return undefined;
  return new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Reads a due date as sheets write it: ISO dates (with or without a time), Excel serial
 * numbers, 15/02/2027 and 02/15/2027 (either order; when both readings are valid the
 * account's order wins and the other is reported), and 15 Feb 2027 or Feb 15, 2027.
 */
export function parseDueDate(text: string, order: DateOrder): ParsedDate {
  const value = text.trim();
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
  if (match) {
    const date = iso(Number(match[1]), Number(match[2]), Number(match[3]));
    return date ? { ok: true, date } : { ok: false };
  }
  if (/^\d{5}(\.0+)?$/.test(value)) {
    const date = fromSerial(Number(value));
    return date ? { ok: true, date } : { ok: false };
  }
  match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(value);
  if (match) {
    const [a, b, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const dayFirst = iso(year, b, a);
    const monthFirst = iso(year, a, b);
    const preferred = order === "day-first" ? (dayFirst ?? monthFirst) : (monthFirst ?? dayFirst);
    if (!preferred) return { ok: false };
    const other = preferred === dayFirst ? monthFirst : dayFirst;
    return other && other !== preferred
      ? { ok: true, date: preferred, ambiguousWith: other }
      : { ok: true, date: preferred };
  }
  match = /^(\d{1,2})(?:st|nd|rd|th)?[\s-]+([a-z]{3,})\.?,?[\s-]+(\d{2}|\d{4})$/i.exec(value);
  if (match) {
    const month = MONTHS.indexOf((match[2] ?? "").slice(0, 3).toLowerCase()) + 1;
    const date = month > 0 ? iso(Number(match[3]), month, Number(match[1])) : undefined;
    return date ? { ok: true, date } : { ok: false };
  }
  match = /^([a-z]{3,})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{2}|\d{4})$/i.exec(value);
  if (match) {
    const month = MONTHS.indexOf((match[1] ?? "").slice(0, 3).toLowerCase()) + 1;
    const date = month > 0 ? iso(Number(match[3]), month, Number(match[2])) : undefined;
    return date ? { ok: true, date } : { ok: false };
  }
  return { ok: false };
}

/** Countries that write the month first. */
export function dateOrderFor(countryCode: string | null | undefined): DateOrder {
  return countryCode === "US" ? "month-first" : "day-first";
}
