import Papa from "papaparse";
import { decodeText, type TextEncodingName } from "./decode-text";
import { formatBytes, formatCount, SHEET_LIMITS } from "./limits";
import { failure, type SheetReadFailure } from "./read-failure";
import type { ReadProgress } from "./workbook";
import { sniffDelimiter, type CsvDelimiter } from "./sniff-delimiter";

export interface CsvContent {
  readonly ok: true;
  /** `rows[i]` is spreadsheet row i + 1: a quoted line break stays inside its row. */
  readonly rows: readonly (readonly string[])[];
  readonly encoding: TextEncodingName;
  readonly delimiter: CsvDelimiter;
  readonly hadByteOrderMark: boolean;
}

// Big enough that chunking costs nothing measurable, small enough for steady progress.
const CHUNK_BYTES = 4 << 20;

/**
 * Reads CSV bytes: encoding detected, delimiter sniffed, quotes and any line ending honoured.
 * Rows stay arrays of strings (as papaparse gives them), so nothing is copied per cell.
 */
export function readCsv(bytes: Uint8Array, fileName: string, onProgress?: (progress: ReadProgress) => void): CsvContent | SheetReadFailure {
  const { maxBytes, maxRows } = SHEET_LIMITS.csv;
  if (bytes.length > maxBytes) {
    return failure("TOO_LARGE", `${fileName} is ${formatBytes(bytes.length)}; CSV files up to ${formatBytes(maxBytes)} can be read. Split the sheet into smaller files.`);
  }
  const decoded = decodeText(bytes);
  const delimiter = sniffDelimiter(decoded.text);
  const rows: string[][] = [];
  let tooMany = false;
  let tooWide = false;
  let finished = false;
  // With a string input papaparse runs its chunks synchronously, so the rows are all here after the call.
  Papa.parse<string[]>(decoded.text, {
    delimiter,
    chunkSize: CHUNK_BYTES,
    complete: () => {
      finished = true;
    },
    chunk(results: Papa.ParseResult<string[]>, parser: Papa.Parser) {
      for (const row of results.data) rows.push(row);
      if (rows.length > maxRows + SHEET_LIMITS.headerAllowance) {
        tooMany = true;
        parser.abort();
      }
      onProgress?.({ phase: "parsing", fraction: Math.min(1, results.meta.cursor / Math.max(1, decoded.text.length)) });
    },
  });
  if (!finished && !tooMany) throw new Error("papaparse did not finish a string input synchronously");
  if (tooMany) {
    return failure("TOO_MANY_ROWS", `${fileName} has more than ${formatCount(maxRows)} order rows, the most a CSV sheet may have here. Split it into smaller files.`);
  }
  for (const row of rows) if (row.length > SHEET_LIMITS.maxColumns) tooWide = true;
  if (tooWide) return failure("TOO_MANY_COLUMNS", `${fileName} has rows with more than ${formatCount(SHEET_LIMITS.maxColumns)} columns; is it really an order sheet?`);
  // papaparse reports a final line break as one more, empty, row.
  if (rows.length > 0 && rows[rows.length - 1]?.length === 1 && rows[rows.length - 1]?.[0] === "") rows.pop();
  return { ok: true, rows, encoding: decoded.encoding, delimiter, hadByteOrderMark: decoded.hadByteOrderMark };
}
