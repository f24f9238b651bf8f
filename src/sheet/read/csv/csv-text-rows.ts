import { lowerBound } from "../../sorted-search";
import { Growable } from "../growable";

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

/** A field's value from its text: a quoted field loses its quote marks, and a doubled quote mark inside is one. */
function fieldValue(text: string, start: number, end: number): string {
  if (text.charCodeAt(start) !== QUOTE) return text.slice(start, end);
  const inner = text.slice(start + 1, end - 1);
  return inner.indexOf('"') === -1 ? inner : inner.replaceAll('""', '"');
}

/**
 * A CSV's rows kept as the text they were read from and where each field ends, instead of a
 * string per cell: a row becomes an array of strings only when it is asked for. Fields after a
 * row's last non-empty one are empty and not stored; runs of empty rows are kept as a start
 * and a width, so a million blank lines cost next to nothing.
 */
export class CsvTextRows implements CsvRows {
  /** Where the last look-up found a stored row: rows are mostly taken in order. */
  private nextStored = 0;

  constructor(
    readonly length: number,
    private readonly texts: readonly string[],
    /**
     * Per stored row (one with a non-empty field): its position, which text holds it, where it starts there, and how
     * many fields it has (at most the column limit).
     */
    private readonly rowAt: Uint32Array,
    private readonly rowText: Uint32Array,
    private readonly rowStart: Uint32Array,
    private readonly rowFields: Uint32Array,
    /** Per stored row, and one more: where its field ends start in `fieldEnds`. */
    private readonly firstEnd: Uint32Array,
    /** Offset just past each stored field (its delimiter or line end, or the end of the text). */
    private readonly fieldEnds: Uint32Array,
    /** Runs of empty rows: the position each starts at, and its rows' width. */
    private readonly emptyFrom: Uint32Array,
    private readonly emptyFields: Uint32Array,
  ) {}

  at(index: number): readonly string[] | undefined {
    if (!(index >= 0 && index < this.length)) return undefined;
    const stored = this.rowAt[this.nextStored] === index ? this.nextStored : lowerBound(this.rowAt, index);
    if (this.rowAt[stored] !== index)
      return emptyRowOf(this.emptyFields[lowerBound(this.emptyFrom, index + 1) - 1] as number);
    this.nextStored = stored + 1;
    const first = this.firstEnd[stored] as number;
    const kept = (this.firstEnd[stored + 1] as number) - first;
    const text = this.texts[this.rowText[stored] as number] as string;
    const row: string[] = [];
    let start = this.rowStart[stored] as number;
    for (let f = 0; f < kept; f++) {
      const end = this.fieldEnds[first + f] as number;
      row.push(fieldValue(text, start, end));
      // Delimiters are one character.
      start = end + 1;
    }
    for (let f = kept, fields = this.rowFields[stored] as number; f < fields; f++) row.push("");
    return row;
  }
}

/** Collects rows for a {@link CsvTextRows}, a text and a row at a time. */
export class CsvTextRowsBuilder {
  private readonly texts: string[] = [];
  private readonly rowAt = new Growable(Uint32Array);
  private readonly rowText = new Growable(Uint32Array);
  private readonly rowStart = new Growable(Uint32Array);
  private readonly rowFields = new Growable(Uint32Array);
  private readonly firstEnd = new Growable(Uint32Array);
  private readonly emptyFrom = new Growable(Uint32Array, 16);
  private readonly emptyFields = new Growable(Uint32Array, 16);
  /** Field ends of the rows kept, then those of the row being read. */
  readonly fieldEnds = new Growable(Uint32Array, 1 << 14);
  private rows = 0;
  /** Position just past the last empty row. */
  private emptyEnd = -1;

  get rowCount(): number {
    return this.rows;
  }

  /** Starts keeping a text that rows are about to be read from, and gives its index. */
  addText(text: string): number {
    this.texts.push(text);
    return this.texts.length - 1;
  }

  /**
   * Keeps the row whose field ends were pushed since `firstEnd`, with `fields` fields of which
   * the first `stored` are kept (the rest are empty).
   */
  addRow(textIndex: number, start: number, firstEnd: number, stored: number, fields: number): void {
    this.fieldEnds.length = firstEnd + stored;
    if (stored === 0) {
      const runs = this.emptyFrom.length;
      if (this.emptyEnd !== this.rows || runs === 0 || this.emptyFields.get(runs - 1) !== fields) {
        this.emptyFrom.push(this.rows);
        this.emptyFields.push(fields);
      }
      this.emptyEnd = ++this.rows;
      return;
    }
    this.rowAt.push(this.rows++);
    this.rowText.push(textIndex);
    this.rowStart.push(start);
    this.rowFields.push(fields);
    this.firstEnd.push(firstEnd);
  }

  /** The first `rowCount` rows. */
  finish(rowCount: number): CsvTextRows {
    const count = Math.min(rowCount, this.rows);
    const stored = lowerBound(this.rowAt.view(), count);
    const runs = lowerBound(this.emptyFrom.view(), count);
    const firstEnd = new Uint32Array(stored + 1);
    firstEnd.set(this.firstEnd.view().subarray(0, stored));
    firstEnd[stored] = stored < this.rowAt.length ? this.firstEnd.get(stored) : this.fieldEnds.length;
    return new CsvTextRows(
      count,
      this.texts,
      this.rowAt.trimmed(stored),
      this.rowText.trimmed(stored),
      this.rowStart.trimmed(stored),
      this.rowFields.trimmed(stored),
      firstEnd,
      this.fieldEnds.trimmed(firstEnd[stored]),
      this.emptyFrom.trimmed(runs),
      this.emptyFields.trimmed(runs),
    );
  }
}
