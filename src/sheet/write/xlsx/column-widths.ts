import { isResultDate, type ResultCell, type ResultDate } from "../../../core/result-sheet-data";
import { resultValue } from "./cell-xml";

const WIDTH = { min: 8, max: 50, padding: 2 } as const;

function textWidth(text: string): number {
  if (!text.includes("\n")) return text.length;
  let widest = 0;
  for (const line of text.split("\n")) widest = Math.max(widest, line.length);
  return widest;
}

function valueWidth(value: string | number, isMoney: boolean): number {
  return typeof value === "number"
    ? isMoney
      ? value.toFixed(2).length + Math.floor(Math.log10(Math.max(1, Math.abs(value))) / 3)
      : String(value).length
    : textWidth(value);
}

/** How wide a date is shown, in its number format (see StylesPatch): "2026-11-25 14:03", "2027-03-01". */
const DATE_WIDTH: Readonly<Record<ResultDate["kind"], number>> = { "date-time": 16, date: 10 };

/** Dates are measured by their format, never written here. */
const NO_DATES = { serial: () => null };

/** How wide a cell is shown; undefined for one left blank. */
function cellWidth(value: ResultCell, isMoney: boolean): number | undefined {
  if (isResultDate(value)) return DATE_WIDTH[value.kind];
  const written = resultValue(value, NO_DATES);
  return written === null ? undefined : valueWidth(written, isMoney);
}

const NOT_SEEN = Symbol("not seen");

/** Texts (and numbers) remembered with their widths at most: result texts repeat from row to row ("Created"). */
const MAX_REMEMBERED_TEXTS = 4096;

/** Each column's width in characters: its header's or its widest written value's (not yet clamped). */
export function contentWidths(
  headers: readonly string[],
  /** An array of rows, or a map's rows: taken by `forEach`, which makes no iterator result a row. */
  rows: { forEach(each: (cells: readonly ResultCell[]) => void): void },
  isMoney: readonly boolean[] = [],
): number[] {
  const widths = headers.map((header) => textWidth(header));
  const textWidths = new Map<string, number | undefined>();
  // By column: a number's width depends on its column's format.
  const numberWidths = headers.map(() => new Map<number, number>());
  // Rows of one order mostly repeat a column's value: one already measured in the row above is passed over.
  const above: unknown[] = headers.map(() => NOT_SEEN);
  rows.forEach((cells) => {
    for (let i = 0; i < cells.length; i++) {
      const value = cells[i] as ResultCell;
      if (value === above[i]) continue;
      above[i] = value;
      let width: number | undefined;
      if (typeof value === "number") {
        const remembered = numberWidths[i];
        width = remembered?.get(value);
        if (width === undefined) {
          width = valueWidth(value, isMoney[i] ?? false);
          if (remembered && remembered.size < MAX_REMEMBERED_TEXTS) remembered.set(value, width);
        }
      } else if (typeof value !== "string") width = cellWidth(value, isMoney[i] ?? false);
      // Made safe, a text is at most a character wider on any line split at "\n" (a quote before a line that starts
      // like a formula), so a shorter one cannot widen its column: most of a column whose every text is new (the
      // customer's references) is passed over unmeasured.
      else if (value.length < (widths[i] ?? 0) && !value.includes("\r")) continue;
      else if (textWidths.has(value)) width = textWidths.get(value);
      else {
        width = cellWidth(value, false);
        if (textWidths.size < MAX_REMEMBERED_TEXTS) textWidths.set(value, width);
      }
      if (width !== undefined && width > (widths[i] ?? 0)) widths[i] = width;
    }
  });
  return widths;
}

/** A column width in characters, with room for the cell's padding, within sensible bounds. */
export function clampWidth(characters: number): number {
  return Math.min(WIDTH.max, Math.max(WIDTH.min, characters + WIDTH.padding));
}
