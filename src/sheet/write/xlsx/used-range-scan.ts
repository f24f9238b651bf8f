import { columnNumberAt, GRID_COLUMNS, parseCellRange, rowNumberAfter } from "../../formats/cell-ref";
import { lowerBound } from "../../../core/sorted-search";
import { rawAttribute, readAttribute } from "../../xml/xml-attributes";
import { malformed } from "../../xml/xml-refusal";
import { NEEDS_MORE_TEXT, XmlTagScanner, type XmlTagSpan } from "../../xml/xml-tag-scanner";
import { findTagEnd } from "../../xml/xml-tokenizer";
import { lastCellTagBefore, RowEnds } from "./row-ends";
import { textAt } from "../../xml/xml-bytes";
import { rowNumberOf, type RowSpan } from "./whole-row-scanner";
import { isEmptyCell, lastCellTagIn, lastCellTagOf, newCellTag, readCellTag, readLastCellTag } from "./row-tag-bytes";

export interface UsedRange {
  /** The rightmost column (1-based) holding a value or a formula; 0 when there is none. */
  readonly lastColumn: number;
  /**
   * The rightmost column of a merged range across a row to be written (0 when none reaches past
   * `lastColumn`): results in it would be hidden under the range. Other merged ranges are cut to
   * the columns holding values, as the reader cuts them, so they reach no further.
   */
  readonly mergedLastColumn: number;
  /** The style index of the rightmost cell with a value on the header row, when it has one. */
  readonly headerStyle: number | undefined;
}

/**
 * The column of the cell tag at `[start, end)` from its `r` attribute, looked for the quick way first; 0 without one.
 */
export function cellColumnOf(text: string, start: number, end: number): number {
  const at = text.indexOf(' r="', start);
  if (at > 0 && at < end) return columnNumberAt(text, at + 4);
  const address = rawAttribute(text.slice(start, end), "r");
  return address === undefined ? 0 : columnNumberAt(address, 0);
}

/**
 * Finds a worksheet's used range from its XML as it inflates, chunk by chunk, without
 * holding it: each row's rightmost cell with something in it, and the merged ranges across
 * the rows to be written (`writtenRows`, ascending; the header row when not given). A row
 * is read from its end back to that cell when its cells say where they are (`r`); otherwise
 * tag by tag, counting columns on from the row's start. It also checks that the XML outside
 * the rows is well formed, refusing it (`XmlRefusal`) where it is not.
 */
export class UsedRangeScan {
  private text = "";
  private readonly names: string[] = [];
  private readonly prefixes: string[] = [];
  private rowNumber = 0;
  private lastCellColumn = 0;
  /** The column of a cell whose start tag was just seen, until the next tag says whether it holds anything. */
  private openCellColumn = 0;
  private openCellStyle: string | undefined;
  private lastColumn = 0;
  private mergedLastColumn = 0;
  private headerStyle: number | undefined;
  private isWorksheet = false;
  private isFinal = false;
  private readonly rowEnds = new RowEnds();
  private readonly scanner = new XmlTagScanner();
  private readonly cellTag = newCellTag();

  constructor(
    private readonly headerRowNumber: number,
    private readonly writtenRows: ArrayLike<number> = [headerRowNumber],
  ) {}

  /**
   * Whether the text so far ends between two rows of `<sheetData>` (without a prefix): rows may be read from the bytes
   * from here (see `WholeRowScanner`).
   */
  get isBetweenRows(): boolean {
    const { names, prefixes } = this;
    return (
      this.text === "" &&
      this.openCellColumn === 0 &&
      names.length === 2 &&
      names[1] === "sheetData" &&
      prefixes[1] === ""
    );
  }

  /** A row found whole in the bytes, read as `onRow` reads it; false, having changed nothing, to leave it as text. */
  wholeRow(bytes: Uint8Array, row: RowSpan): boolean {
    const previous = this.rowNumber;
    this.rowNumber = rowNumberOf(row, previous);
    if (!row.isEmpty && !this.readRowBytesFromEnd(bytes, row)) {
      this.rowNumber = previous;
      return false;
    }
    this.lastCellColumn = 0;
    return true;
  }

  /** The header row's look as found so far: final once the header row has been read. */
  get headerStyleFound(): number | undefined {
    return this.headerStyle;
  }

  push(text: string): void {
    this.text += text;
    const scanned = this.scanner.scan(this.text, 0, false, this.onTag);
    this.text = this.text.slice(scanned);
    this.rowEnds.shift(scanned);
  }

  finish(): UsedRange {
    this.isFinal = true;
    this.scanner.scan(this.text, 0, true, this.onTag);
    if (this.names.length > 0) throw malformed(`<${this.prefixes.at(-1)}${this.names.at(-1)}> is never closed`);
    if (!this.isWorksheet) throw malformed("the sheet's part is not a worksheet");
    return {
      lastColumn: this.lastColumn,
      mergedLastColumn: this.mergedLastColumn > this.lastColumn ? this.mergedLastColumn : 0,
      headerStyle: this.headerStyle,
    };
  }

  private readonly onTag = (tag: XmlTagSpan): number | void => {
    if (this.openCellColumn > 0) {
      // Any element inside a cell is a value, a formula or an inline string.
      if (tag.kind !== "close") this.markUsed(this.openCellColumn);
      this.openCellColumn = 0;
    }
    const names = this.names;
    if (tag.kind === "close") {
      const name = names.pop();
      const prefix = this.prefixes.pop();
      if (name !== tag.name || prefix !== tag.prefix)
        throw malformed(`</${tag.prefix}${tag.name}> closes ${name === undefined ? "nothing" : `<${prefix}${name}>`}`);
      return;
    }
    const depth = names.length;
    if (depth === 3 && tag.name === "c" && names[2] === "row") this.onCell(tag);
    else if (depth === 2 && tag.name === "row" && names[1] === "sheetData") {
      const goOnFrom = this.onRow(tag);
      if (goOnFrom !== undefined) return goOnFrom;
    } else if (depth === 2 && tag.name === "mergeCell" && names[1] === "mergeCells") this.onMerge(tag);
    else if (depth === 0) this.isWorksheet = tag.name === "worksheet";
    if (tag.kind === "open") {
      names.push(tag.name);
      this.prefixes.push(tag.prefix);
    }
  };

  /** A row: read from its end when it can be, returning past its end tag; else its cells come tag by tag. */
  private onRow(tag: XmlTagSpan): number | void {
    const rowNumber = rowNumberAfter(tag.rawAttribute("r"), this.rowNumber);
    const contentEnd = tag.kind === "open" ? this.rowEnds.contentEnd(this.text, tag, this.isFinal) : undefined;
    if (contentEnd === NEEDS_MORE_TEXT) return NEEDS_MORE_TEXT;
    this.rowNumber = rowNumber;
    this.lastCellColumn = 0;
    if (contentEnd !== undefined && this.readRowFromEnd(tag, contentEnd))
      return contentEnd + `</${tag.prefix}row>`.length;
  }

  /**
   * Walks a row's cells from the last back to the first with something in it; false, having changed nothing, when a
   * cell has no `r`.
   */
  private readRowFromEnd(row: XmlTagSpan, contentEnd: number): boolean {
    const text = this.text;
    const isHeader = this.rowNumber === this.headerRowNumber;
    for (
      let at = lastCellTagBefore(text, row.prefix, row.end, contentEnd);
      at >= 0;
      at = lastCellTagBefore(text, row.prefix, row.end, at)
    ) {
      const end = findTagEnd(text, at);
      const column = cellColumnOf(text, at, end);
      if (column === 0) return false;
      if (column > GRID_COLUMNS) continue;
      if (column <= this.lastColumn && !isHeader) return true;
      if (text.charCodeAt(end - 2) === 0x2f || isEmptyContent(text, end, `</${row.prefix}c>`)) continue;
      this.openCellStyle = isHeader ? readAttribute(text.slice(at, end), "s") : undefined;
      this.markUsed(column);
      return true;
    }
    return true;
  }

  /** `readRowFromEnd` for a row in the bytes. */
  private readRowBytesFromEnd(bytes: Uint8Array, row: RowSpan): boolean {
    const isHeader = this.rowNumber === this.headerRowNumber;
    const cell = this.cellTag;
    for (let at = lastCellTagOf(bytes, row); at >= 0; at = lastCellTagIn(bytes, row.tagEnd, at)) {
      // The last cell's tag as the row's other readers read it; the cells before it into this scan's own.
      const read = at === row.lastCellTag ? readLastCellTag(bytes, row) : readCellTag(bytes, at, cell) ? cell : null;
      if (!read || read.column === 0) return false;
      if (read.column > GRID_COLUMNS) continue;
      if (read.column <= this.lastColumn && !isHeader) return true;
      if (isEmptyCell(bytes, read)) continue;
      this.openCellStyle = isHeader ? readAttribute(textAt(bytes, at, read.end), "s") : undefined;
      this.markUsed(read.column);
      return true;
    }
    return true;
  }

  private onCell(tag: XmlTagSpan): void {
    const column = cellColumnOf(this.text, tag.start, tag.end) || this.lastCellColumn + 1;
    this.lastCellColumn = column;
    if (tag.kind !== "open") return;
    this.openCellColumn = column;
    if (this.rowNumber === this.headerRowNumber) this.openCellStyle = tag.attribute("s");
  }

  private onMerge(tag: XmlTagSpan): void {
    const range = parseCellRange(tag.attribute("ref") ?? "");
    if (range && this.isWrittenBetween(range.firstRow, range.lastRow))
      this.mergedLastColumn = Math.max(this.mergedLastColumn, range.lastColumn + 1);
  }

  /** Whether a row to be written lies from `firstRow` to `lastRow`. */
  private isWrittenBetween(firstRow: number, lastRow: number): boolean {
    const rows = this.writtenRows;
    const first = lowerBound(rows, firstRow);
    return first < rows.length && (rows[first] as number) <= lastRow;
  }

  /** A column past the grid (as only a damaged file has) is left out: no result goes there anyway. */
  private markUsed(column: number): void {
    if (column > GRID_COLUMNS) return;
    this.lastColumn = Math.max(this.lastColumn, column);
    if (this.rowNumber === this.headerRowNumber)
      this.headerStyle = this.openCellStyle === undefined ? undefined : Number(this.openCellStyle);
  }
}

/** Whether only space comes between `from` and the end tag `close`. */
function isEmptyContent(text: string, from: number, close: string): boolean {
  let at = from;
  while (at < text.length && /\s/.test(text[at] as string)) at++;
  return text.startsWith(close, at);
}
