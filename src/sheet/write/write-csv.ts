import Papa from "papaparse";
import { neutraliseFormula } from "../../core/spreadsheet-safety";

/**
 * A CSV file of the given rows, for Excel: UTF-8 with a byte-order mark, CRLF line ends, and
 * every cell that would run as a formula neutralised.
 */
export function writeCsv(rows: readonly (readonly string[])[], delimiter = ","): Uint8Array {
  const safe = rows.map((row) => row.map(neutraliseFormula));
  const text = Papa.unparse(safe, { delimiter, newline: "\r\n", quotes: false, escapeFormulae: false });
  return new TextEncoder().encode(`\uFEFF${text}\r\n`);
}
