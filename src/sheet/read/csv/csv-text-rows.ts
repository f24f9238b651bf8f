import { lowerBound, recordLowerBound } from "../../../core/sorted-search";
import { Growable } from "../growable";
import { SCAN } from "./csv-row-scan";

/** A CSV's rows by position, each an array of strings: `at(i)` is spreadsheet row i + 1. */
export interface CsvRows {
  readonly length: number;
  at(index: number): readonly string[] | undefined;
}

const QUOTE = 0x22;

/** Every empty row of a width is one shared array: a million blank lines cost a million references. */
const emptyRows = new Map<number, readonly string[]>();
export function emptyRowOf(width: number): readonly string[] {
  let row = emptyRows.get(width);
  if (row === undefined) {
    row = Object.freeze(Array.from({ length: width }, () => ""));
    emptyRows.set(width, row);
  }
  return row;
}

/** A quoted field's value: without its quote marks, and a doubled quote mark inside is one. */
function quotedValue(text: string, start: number, end: number): string {
  const inner = text.slice(start + 1, end - 1);
  return inner.indexOf('"') === -1 ? inner : inner.replaceAll('""', '"');
}

/**
 * What is kept of each stored row (one with a non-empty field), six numbers a row: its
 * position, which text holds it, where it starts there, where its field ends start in the
 * field ends, how many fields it has (at most the column limit), and 1 when a field of it is
 * quoted (else each field's text is its value).
 */
export const ROW_RECORD = { size: 6, position: 0, text: 1, start: 2, firstEnd: 3, fields: 4, quoted: 5 } as const;

/** Index of the first record whose position is not below `position` (the record count when none is). */
const recordAtOrAfter = (records: Uint32Array, count: number, position: number) =>
  recordLowerBound(records, ROW_RECORD.size, count, position);

/**
 * A CSV's rows kept as the text they were read from and where each field ends, instead of a
 * string per cell: a row becomes an array of strings only when it is asked for. Fields after a
 * row's last non-empty one are empty and not stored; runs of empty rows are kept as a start
 * and a width, so a million blank lines cost next to nothing.
 */
export class CsvTextRows implements CsvRows {
  /** Where the last look-up found a stored row: rows are mostly taken in order. */
  private nextStored = 0;
  /** A row of empty strings, copied for each row of its width and filled: cheaper than growing an array. */
  private template: string[] = [];

  constructor(
    readonly length: number,
    private readonly texts: readonly string[],
    /** Stored rows, {@link ROW_RECORD} by record, ascending by position. */
    private readonly records: Uint32Array,
    /** How many rows `records` holds. */
    private readonly storedCount: number,
    /** Offset just past each stored field (its delimiter or line end, or the end of the text), row after row. */
    private readonly fieldEnds: Uint32Array,
    /** Runs of empty rows: the position each starts at, and its rows' width. */
    private readonly emptyFrom: Uint32Array,
    private readonly emptyFields: Uint32Array,
  ) {}

  at(index: number): readonly string[] | undefined {
    if (!(index >= 0 && index < this.length)) return undefined;
    const { records, storedCount } = this;
    let stored = this.nextStored;
    if (stored >= storedCount || records[stored * ROW_RECORD.size] !== index)
      stored = recordAtOrAfter(records, storedCount, index);
    const record = stored * ROW_RECORD.size;
    if (stored >= storedCount || records[record] !== index)
      return emptyRowOf(this.emptyFields[lowerBound(this.emptyFrom, index + 1) - 1] as number);
    this.nextStored = stored + 1;
    const first = records[record + ROW_RECORD.firstEnd] as number;
    const last =
      stored + 1 < storedCount
        ? (records[record + ROW_RECORD.size + ROW_RECORD.firstEnd] as number)
        : this.fieldEnds.length;
    const text = this.texts[records[record + ROW_RECORD.text] as number] as string;
    const fields = records[record + ROW_RECORD.fields] as number;
    if (this.template.length !== fields) this.template = Array.from({ length: fields }, () => "");
    const row = this.template.slice();
    const ends = this.fieldEnds;
    let start = records[record + ROW_RECORD.start] as number;
    if (records[record + ROW_RECORD.quoted] === 0) {
      for (let f = 0, e = first; e < last; f++, e++) {
        const end = ends[e] as number;
        row[f] = text.slice(start, end);
        start = end + 1;
      }
      return row;
    }
    for (let f = 0, e = first; e < last; f++, e++) {
      const end = ends[e] as number;
      row[f] = text.charCodeAt(start) === QUOTE ? quotedValue(text, start, end) : text.slice(start, end);
      // Delimiters are one character.
      start = end + 1;
    }
    return row;
  }
}

/** Runs of empty rows, collected as rows are read: the position each run starts at, and its rows' width. */
export class EmptyRowRuns {
  readonly from = new Growable(Uint32Array, 16);
  readonly fields = new Growable(Uint32Array, 16);
  /** Position just past the last empty row. */
  private end = -1;

  /** Counts the empty row at `position`, `fields` fields wide. */
  add(position: number, fields: number): void {
    const runs = this.from.length;
    if (this.end !== position || runs === 0 || this.fields.get(runs - 1) !== fields) {
      this.from.push(position);
      this.fields.push(fields);
    }
    this.end = position + 1;
  }
}

/**
 * At most this many records are noted for a write back (8 MB): a file of more lines (blank ones, as a data row is
 * limited) is split again when written into.
 */
export const MAX_SCANNED_RECORDS = 1 << 20;

/** Every record of a file as the scanner split it, in the whole text: record i is spreadsheet row i + 1. */
export interface ScannedRecords {
  /** Just past each record's line end; the last record's runs to the end of the text. */
  readonly textEnds: Uint32Array;
  /** Each record's fields, however many (not only those stored). */
  readonly fieldCounts: Uint32Array;
  /** The last record is one empty field: papaparse's after a final line end, which is no row. */
  readonly lastIsEmpty: boolean;
}

/**
 * Where a reader keeps the rows it reads for a {@link CsvTextRows}: its loop takes the arrays
 * and counts into local variables and puts them back when it returns.
 */
export class CsvTextRowsStore {
  readonly texts: string[] = [];
  /** Offset just past each field of the rows kept, then of the row being read; `endCount` of them are used. */
  ends: Uint32Array = new Uint32Array(1 << 14);
  endCount = 0;
  /** The rows kept that have a non-empty field, {@link ROW_RECORD} by record; `recordEnd` numbers are used. */
  records: Uint32Array = new Uint32Array(1024 * ROW_RECORD.size);
  recordEnd = 0;
  readonly emptyRows = new EmptyRowRuns();
  /** Rows kept, empty ones included. */
  rowCount = 0;
  /** The numbers the row scanner shares with its caller (see `csv-row-scan.ts`). */
  readonly scanState = new Int32Array(SCAN.size);
  /**
   * Every record's end (just past its line end) in the whole text, and its fields, for a write back into the same file
   * (see {@link ScannedRecords}); `recordCount` of them are used. Undefined when not noted, and past
   * {@link MAX_SCANNED_RECORDS}.
   */
  recordEnds: Uint32Array | undefined;
  recordFields: Uint32Array | undefined;
  recordCount = 0;
  /** The last record scanned is empty: one empty field (a file's final line end is followed by one). */
  lastRecordEmpty = false;
  /** Where the text being read starts in the whole text. */
  textOffset = 0;

  constructor(
    /**
     * When each record is to be noted: characters of the whole text before the first given to the scanner (a
     * byte-order mark papaparse drops).
     */
    notedFrom?: number,
  ) {
    if (notedFrom === undefined) return;
    this.recordEnds = new Uint32Array(4096);
    this.recordFields = new Uint32Array(4096);
    this.textOffset = notedFrom;
  }

  /** Every record's end and fields as scanned; undefined unless noted, or past the records noted at most. */
  scannedRecords(): ScannedRecords | undefined {
    const { recordEnds, recordFields, recordCount } = this;
    if (recordEnds === undefined || recordFields === undefined) return undefined;
    return {
      textEnds: recordEnds.slice(0, recordCount),
      fieldCounts: recordFields.slice(0, recordCount),
      lastIsEmpty: this.lastRecordEmpty,
    };
  }

  /** The first `rowCount` rows kept, the arrays copied to their used length (the room grown for reading let go). */
  rows(rowCount: number): CsvTextRows {
    const count = Math.min(rowCount, this.rowCount);
    const { records, recordEnd, emptyRows } = this;
    const stored = recordAtOrAfter(records, recordEnd / ROW_RECORD.size, count);
    const endsKept =
      stored * ROW_RECORD.size < recordEnd
        ? (records[stored * ROW_RECORD.size + ROW_RECORD.firstEnd] as number)
        : this.endCount;
    const runs = lowerBound(emptyRows.from.view(), count);
    return new CsvTextRows(
      count,
      this.texts,
      records.slice(0, stored * ROW_RECORD.size),
      stored,
      this.ends.slice(0, endsKept),
      emptyRows.from.trimmed(runs),
      emptyRows.fields.trimmed(runs),
    );
  }
}
