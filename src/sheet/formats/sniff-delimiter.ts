import Papa from "papaparse";

export const CSV_DELIMITERS = [",", ";", "\t", "|"] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];
/** The line end a CSV's rows are split at (one per file; any other line break stays inside its field). */
export type LineEnd = "\n" | "\r" | "\r\n";

const SAMPLE_CHARS = 64 * 1024;
const SAMPLE_ROWS = 60;

/**
 * Picks the delimiter that splits the first rows most consistently into more than one field,
 * honouring quotes. Ties go to the comma, then semicolon, tab and pipe.
 */
export function sniffDelimiter(text: string): CsvDelimiter {
  let sample = text.slice(0, SAMPLE_CHARS);
  const lastBreak = Math.max(sample.lastIndexOf("\n"), sample.lastIndexOf("\r"));
  if (text.length > SAMPLE_CHARS && lastBreak > 0) sample = sample.slice(0, lastBreak);
  let best: CsvDelimiter = ",";
  let bestScore = 0;
  for (const delimiter of CSV_DELIMITERS) {
    const rows = Papa.parse<string[]>(sample, { delimiter, preview: SAMPLE_ROWS }).data.filter(
      (row) => row.length > 1 || (row[0] ?? "").trim() !== "",
    );
    const counts = new Map<number, number>();
    for (const row of rows) counts.set(row.length, (counts.get(row.length) ?? 0) + 1);
    let modal = 1;
    let modalRows = 0;
    for (const [fields, count] of counts) {
      if (fields > 1 && (count > modalRows || (count === modalRows && fields > modal))) {
        modal = fields;
        modalRows = count;
      }
    }
    const score =
      modal > 1 && rows.length > 0 ? (modalRows / rows.length) * Math.log2(modal) * Math.min(modalRows, 10) : 0;
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}
