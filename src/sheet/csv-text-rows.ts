import { Growable } from "./xlsx/growable";

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
export function fieldValue(text: string, start: number, end: number): string {
  if (text.charCodeAt(start) !== QUOTE) return text.slice(start, end);
  const inner = text.slice(start + 1, end - 1);
  return inner.indexOf('"') === -1 ? inner : inner.replaceAll('""', '"');
}

/**
 * A CSV's rows kept as the text they were read from and where each field ends, instead of a
 * string per cell: a row becomes an array of strings only when it is asked for. Fields after a
 * row's last non-empty one are empty and not stored.
 */
export class CsvTextRows implements CsvRows {
  constructor(
    private readonly texts: readonly string[],
    /** Per row: which text holds it, where it starts there, how many fields it has (at most the column limit). */
    private readonly rowText: Uint32Array,
    private readonly rowStart: Uint32Array,
    private readonly rowFields: Uint32Array,
    /** Per row, and one more: where its stored field ends start in `fieldEnds`. */
    private readonly firstEnd: Uint32Array,
    /** Offset just past each stored field (its delimiter or line end, or the end of the text). */
    private readonly fieldEnds: Uint32Array,
    readonly length: number,
  ) {}

  at(index: number): readonly string[] | undefined {
    if (!(index >= 0 && index < this.length)) return undefined;
    const fields = this.rowFields[index] as number;
    const first = this.firstEnd[index] as number;
    const stored = (this.firstEnd[index + 1] as number) - first;
    if (stored === 0) return emptyRowOf(fields);
    const text = this.texts[this.rowText[index] as number] as string;
    const row: string[] = [];
    let start = this.rowStart[index] as number;
    for (let f = 0; f < stored; f++) {
      const end = this.fieldEnds[first + f] as number;
      row.push(fieldValue(text, start, end));
      // Delimiters are one character.
      start = end + 1;
    }
    for (let f = stored; f < fields; f++) row.push("");
    return row;
  }
}

/** Collects rows for a {@link CsvTextRows}, a text and a row at a time. */
export class CsvTextRowsBuilder {
  private readonly texts: string[] = [];
  private readonly rowText = new Growable(Uint32Array);
  private readonly rowStart = new Growable(Uint32Array);
  private readonly rowFields = new Growable(Uint32Array);
  private readonly firstEnd = new Growable(Uint32Array);
  /** Field ends of the rows kept, then those of the row being read. */
  readonly fieldEnds = new Growable(Uint32Array, 1 << 14);

  get rowCount(): number {
    return this.rowText.length;
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
    this.rowText.push(textIndex);
    this.rowStart.push(start);
    this.rowFields.push(fields);
    this.firstEnd.push(firstEnd);
    this.fieldEnds.length = firstEnd + stored;
  }

  /** The first `rowCount` rows. */
  finish(rowCount: number): CsvTextRows {
    const count = Math.min(rowCount, this.rowCount);
    const firstEnd = this.firstEnd.trimmed();
    const bounds = new Uint32Array(count + 1);
    bounds.set(firstEnd.subarray(0, count));
    bounds[count] = count < this.rowCount ? (firstEnd[count] as number) : this.fieldEnds.length;
    return new CsvTextRows(this.texts, this.rowText.trimmed(), this.rowStart.trimmed(), this.rowFields.trimmed(), bounds, this.fieldEnds.trimmed(), count);
  }
}
