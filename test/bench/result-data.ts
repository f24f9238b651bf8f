import { RESULT_COLUMNS } from "../../src/core/result-rows";
import { dateTimeCell, type ResultCell, type ResultSheetData } from "../../src/core/result-sheet-data";
import type { SheetSession } from "../../src/sheet/worker-api";
import type { ZipCodecs } from "../../src/sheet/zip/zip-codecs";
import { listZipEntries, type ZipEntry } from "../../src/sheet/zip/zip-guard";

/** A bench workbook's order sheet: its largest part. */
export const orderSheetEntry = (workbook: Uint8Array, fileName: string): ZipEntry =>
  listZipEntries(workbook, fileName).reduce((a, b) => (b.uncompressedSize > a.uncompressedSize ? b : a));

/** What the importer reads of a file: its default sheet's rows, after its header row. */
export async function readTable(session: SheetSession, bytes: Uint8Array, fileName: string) {
  const opened = await session.open(bytes, fileName);
  if (!opened.ok) throw new Error(opened.message);
  const preview = session.preview(opened.summary.defaultSheet);
  if (!preview.ok) throw new Error(preview.message);
  const { sheetName, headerRowNumber, rowCount } = preview.preview;
  const rowNumbers = session.rows(sheetName, headerRowNumber, 0, rowCount).map((row) => row.rowNumber);
  return { sheetName, headerRowNumber, rowNumbers };
}

/** When the benches' first job was submitted. */
const FIRST_SUBMITTED = Date.UTC(2026, 10, 20, 10);

/**
 * The results the benches write back: a status, a job, money and a moment (a date-time cell) on every row, three rows
 * to a job, a warning every seventh.
 */
export function benchResults(headerRowNumber: number, rowNumbers: readonly number[]): ResultSheetData {
  // One date cell for a job's rows, as the app makes them; each job submitted a few seconds after the one before.
  const submitted = Array.from({ length: Math.ceil(rowNumbers.length / 3) }, (_, job) =>
    dateTimeCell(new Date(FIRST_SUBMITTED + job * 7_000).toISOString()),
  );
  const rows = new Map<number, ResultCell[]>(
    rowNumbers.map((rowNumber, i) => [
      rowNumber,
      [
        "Created",
        300_000 + Math.floor(i / 3),
        "Received",
        "Created",
        `A1042${i}`,
        null,
        12.5,
        37.5,
        i % 7 === 0 ? "warning: due date moved to the earliest ship date" : "",
        submitted[Math.floor(i / 3)] as ResultCell,
      ],
    ]),
  );
  return {
    headerRowNumber,
    columns: RESULT_COLUMNS,
    rows,
    jobs: { headers: ["Order number"], rows: [] },
    audit: { headers: ["At"], rows: [] },
  };
}

/**
 * `codecs` with a deflater that takes each batch and hands nothing on: a write through them is the share of the work
 * left where it was written (the reading and rewriting), deflating taken out; the file it makes is not a workbook. The
 * part is inflated as the write inflates it (by the piece inflater, where the codecs have one), and no deflate helper
 * is started.
 */
export function deflatingNothing(codecs: ZipCodecs): ZipCodecs {
  const { prepareDeflater: _noHelper, ...inflating } = codecs;
  return {
    ...inflating,
    deflater(_expectedBytes, recycle) {
      let size = 0;
      const stream = new TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>({
        transform(chunk) {
          size += chunk.length;
          recycle?.(chunk);
        },
      });
      return { writable: stream.writable, readable: stream.readable, counted: () => ({ crc32: 0, size }) };
    },
  };
}
