import { rowLabelKind } from "../non-order-rows";
import { cellText, isBlankCell, type CellValue, type SheetRow } from "../sheet-model";

/** Whether a row is a totals or subtotal row ("Total", "Summe"): its cells say nothing of what a column holds. */
export function isTotalsRow(row: SheetRow): boolean {
  return row.cells.some((cell) => {
    if (typeof cell !== "string") return false;
    const kind = rowLabelKind(cell);
    return kind === "totals" || kind === "subtotal";
  });
}

/** The first few distinct non-blank values of a column, as the user sees them. */
export function columnSamples(rows: readonly SheetRow[], column: number, max = 3): string[] {
  const samples: string[] = [];
  for (const row of rows) {
    const text = cellText(row.cells[column]);
    if (text !== "" && !samples.includes(text)) samples.push(text);
    if (samples.length >= max) break;
  }
  return samples;
}

/**
 * What a column's non-blank sample values are: all `numbers` (2, "2.1", "$1,250.00", "15%"),
 * `words` with no digit in any of them ("Navy", "TBC", dates and yes/no cells), `mixed`, or
 * `unknown` when the samples hold nothing.
 */
export type ColumnValues = "numbers" | "words" | "mixed" | "unknown";

/** A number as people type one: sign, currency symbol, thousands separators, decimals, percent. */
const NUMBER_TEXT = /^[-+]?[$€£¥]?\s?[-+]?(?:\d{1,3}(?:[,.'\u00a0 ]\d{3})+|\d+)?(?:[.,]\d+)?\s?%?$/;

/** Whether a cell holds a number, typed or written as text. */
export function isNumberCell(value: CellValue | undefined): boolean {
  if (typeof value === "number") return Number.isFinite(value);
  if (typeof value !== "string") return false;
  const text = value.trim();
  return /\d/.test(text) && NUMBER_TEXT.test(text);
}

/** Whether a cell holds no number at all: text without a digit, a date or a yes/no cell. */
function isWordCell(value: CellValue | undefined): boolean {
  if (value instanceof Date || typeof value === "boolean") return true;
  return typeof value === "string" && !/\d/.test(value);
}

/** What a column's values are; totals rows are the caller's to leave out (`isTotalsRow`), once for every column. */
export function columnValues(rows: readonly SheetRow[], column: number): ColumnValues {
  let numbers = 0;
  let words = 0;
  let seen = 0;
  for (const row of rows) {
    const value = row.cells[column];
    if (isBlankCell(value)) continue;
    seen++;
    if (isNumberCell(value)) numbers++;
    else if (isWordCell(value)) words++;
  }
  if (seen === 0) return "unknown";
  return numbers === seen ? "numbers" : words === seen ? "words" : "mixed";
}
