import Papa from "papaparse";
import { dialectOf, ROW_NO_ROOM, SCAN, scanRow } from "../read/csv/csv-row-scan";
import { guessLineEnd } from "./guess-line-end";

export const CSV_DELIMITERS = [",", ";", "\t", "|"] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];
/** The line end a CSV's rows are split at (one per file; any other line break stays inside its field). */
export type LineEnd = "\n" | "\r" | "\r\n";

const SAMPLE_CHARS = 64 * 1024;
const SAMPLE_ROWS = 60;
const QUOTE = 0x22;

/**
 * The number of fields of each of the first `maxRows` rows, as papaparse splits the text (read by the CSV reader's own
 * row scanner), with 0 for a row that is one blank field; undefined when a quote mark is not where CSV puts one
 * (papaparse's own rules then decide).
 */
function wellFormedFieldCounts(
  text: string,
  delimiter: CsvDelimiter,
  newline: LineEnd,
  maxRows: number,
): number[] | undefined {
  const dialect = dialectOf(delimiter, newline);
  const state = new Int32Array(SCAN.size);
  let ends = new Uint32Array(256);
  // Nothing is found yet: the scanner searches for the next delimiter and line end once each is passed.
  state[SCAN.nextDelimiter] = -1;
  state[SCAN.nextLineEnd] = -1;
  const counts: number[] = [];
  let rowStart = 0;
  while (counts.length < maxRows) {
    state[SCAN.endCount] = 0;
    const end = scanRow(text, rowStart, true, dialect, ends, state);
    if (end === ROW_NO_ROOM) {
      ends = new Uint32Array(ends.length * 2);
      continue;
    }
    if (end < 0) return undefined;
    const fields = state[SCAN.fields] as number;
    const value = text.slice(rowStart, end);
    const isBlank = fields === 1 && (value.charCodeAt(0) === QUOTE ? value.slice(1, -1) : value).trim() === "";
    counts.push(isBlank ? 0 : fields);
    if (end >= text.length) break;
    rowStart = end + newline.length;
  }
  return counts;
}

const withoutByteOrderMark = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** The field counts of the first rows as papaparse splits them, blank rows (one blank field) left out. */
function rowWidths(sample: string, delimiter: CsvDelimiter, newline: LineEnd): number[] {
  const counts = wellFormedFieldCounts(withoutByteOrderMark(sample), delimiter, newline, SAMPLE_ROWS);
  if (counts !== undefined) return counts.filter((fields) => fields > 0);
  return Papa.parse<string[]>(sample, { delimiter, newline, preview: SAMPLE_ROWS })
    .data.filter((row) => row.length > 1 || (row[0] ?? "").trim() !== "")
    .map((row) => row.length);
}

/**
 * Picks the delimiter that splits the first rows most consistently into more than one field,
 * honouring quotes. Ties go to the comma, then semicolon, tab and pipe.
 */
export function sniffDelimiter(text: string): CsvDelimiter {
  let sample = text.slice(0, SAMPLE_CHARS);
  const lastBreak = Math.max(sample.lastIndexOf("\n"), sample.lastIndexOf("\r"));
  if (text.length > SAMPLE_CHARS && lastBreak > 0) sample = sample.slice(0, lastBreak);
  // As papaparse, which split the sample before: a byte-order mark at its start is not text.
  const newline = guessLineEnd(withoutByteOrderMark(sample));
  let best: CsvDelimiter = ",";
  let bestScore = 0;
  for (const delimiter of CSV_DELIMITERS) {
    const score = delimiterScore(rowWidths(sample, delimiter, newline));
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

/**
 * How well a delimiter splits the sample, from the number of fields in each of its rows: the rows sharing the commonest
 * width of more than one field (the wider on a tie), by their share, the width's information and their count up to ten.
 */
export function delimiterScore(widths: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const fields of widths) counts.set(fields, (counts.get(fields) ?? 0) + 1);
  let modal = 1;
  let modalRows = 0;
  for (const [fields, count] of counts) {
    if (fields > 1 && (count > modalRows || (count === modalRows && fields > modal))) {
      modal = fields;
      modalRows = count;
    }
  }
  return modal > 1 && widths.length > 0 ? (modalRows / widths.length) * Math.log2(modal) * Math.min(modalRows, 10) : 0;
}
