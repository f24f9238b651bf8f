import { isResultDate, isSameResultCell, type ResultCell } from "../../../core/result-sheet-data";
import { cellAddress, columnName, columnNumberAt, parseCellRange, rowNumberAfter } from "../../formats/cell-ref";
import { cellXml, resultValue, type DateCells } from "./cell-xml";
import { CellBytes } from "./cell-bytes";
import { patchCols } from "./patch-cols";
import { rowsToWrite, type RowsToWrite } from "./rows-to-write";
import type { TextRewriter } from "../../zip/part-text";
import { StreamingEdit } from "./streaming-edit";
import { cellColumnOf } from "./used-range-scan";
import { isTrue, openFormOf, rawAttribute, readAttribute, withAttribute } from "../../xml/xml-attributes";
import { childElements, openTagOf } from "../../xml/xml-elements";
import { malformed } from "../../xml/xml-refusal";
import { NEEDS_MORE_TEXT, type XmlTagSpan } from "../../xml/xml-tag-scanner";
import { findTagEnd } from "../../xml/xml-tokenizer";
import { lastCellTagBefore, RowEnds } from "./row-ends";
import { holdsAt, textAt } from "../../xml/xml-bytes";
import { type ByteEdit, rowNumberOf, type RowSpan } from "./whole-row-scanner";
import { cellEndOf, isSpaceOnly, lastCellTagOf, readLastCellTag } from "./row-tag-bytes";

/** Where the result columns go and how they look; style indexes are the workbook's cell formats. */
export interface ResultColumnsPlan {
  /** The first result column (1-based): after everything used. */
  readonly firstColumn: number;
  readonly headerRowNumber: number;
  /** The header texts, written as they are (already made safe). */
  readonly headers: readonly string[];
  /** Each order row's result cells, by spreadsheet row number. */
  readonly rows: ReadonlyMap<number, readonly ResultCell[]>;
  /** `rows` as `rowsToWrite` lists them, where that is worked out already (else it is, from `rows`). */
  readonly toWrite?: RowsToWrite<readonly ResultCell[]>;
  /** Each result column's width in characters. */
  readonly widths: readonly number[];
  readonly isMoney: readonly boolean[];
  /**
   * The format of the new header cells, asked for when the header row is written (once): by then the header row has
   * been read, when its look is found in the same pass.
   */
  readonly headerStyle: () => number;
  /** The cell format of a money number over a cell of format `base`. */
  readonly moneyStyle: (base: number) => number;
  /** Dates' serial numbers and cell formats (remembered: asked for every date cell). */
  readonly dates: DateCells;
}

interface OpenRow {
  readonly rowNumber: number;
  /** The row's own format, when it has one: new cells take it, as a spreadsheet would give them. */
  readonly style: number | undefined;
  readonly prefix: string;
}

/**
 * A row to write that is read tag by tag: its cells before the result columns pass on as they come; from there on its
 * content is held back.
 */
interface StreamedRow extends OpenRow {
  /** The column of the last cell passed on (0 before any). */
  column: number;
  isHolding: boolean;
}

/** A cell the row already had at a result column or after: empty, perhaps formatted. */
interface TailCell {
  readonly column: number;
  readonly xml: string;
  readonly style: number | undefined;
}

/**
 * Rewrites a worksheet's XML as it streams, adding the result columns: cells appended to the
 * header row and each order row (a row missing from the XML is inserted in order), `<cols>`
 * entries for their widths, `<dimension>` and row `spans` widened. All else passes through
 * as it was. A row is read whole (found by its `</row>`, not tag by tag) and its cells added
 * before `</row>`; its cells from the first result column on, empty ones as the result
 * columns start after the used range, are merged with the new ones.
 */
export class ResultColumnsRewriter implements TextRewriter {
  private readonly edit: StreamingEdit;
  private readonly rowEnds = new RowEnds();
  private depth = 0;
  private isInSheetData = false;
  private sawSheetData = false;
  private isHoldingCols = false;
  private sheetDataPrefix = "";
  private rowNumber = 0;
  /** A row to write being read tag by tag (one holding a comment or the like, or a long one). */
  private row: StreamedRow | undefined;
  /** Row numbers to write, ascending, and the next one not yet reached. */
  private readonly targets: Int32Array;
  private nextTarget = 0;
  /** The results of each row to write, by its index in `targets`. */
  private readonly targetResults: readonly (readonly ResultCell[] | undefined)[];
  /** The results of the row `takesResults` took last. */
  private takenResults: readonly ResultCell[] = NO_VALUES;
  private readonly lastColumn: number;
  /** The style each result column has in `<cols>`, which new cells there take. */
  private columnStyles: readonly (number | undefined)[] = [];
  private readonly columnNames: readonly string[];
  private readonly moneyStyles = new Map<number, number>();
  private headerStyle: number | undefined;
  private readonly spans = new Map<string, string | null>();
  private readonly lastSpans = new LastSpans();
  private readonly newCells: CellBytes;
  /** By `cellBytes`: the last cell of each result column whose value repeated (its bytes kept in `newCells`). */
  private readonly above: CellsByColumn;
  /** By `cellBytes`: the last cell of each result column worked out. */
  private readonly last: CellsByColumn;

  constructor(private readonly plan: ResultColumnsPlan) {
    const targets = plan.toWrite ?? rowsToWrite(plan.headerRowNumber, plan.rows);
    this.targets = targets.rowNumbers;
    this.targetResults = targets.results;
    this.lastColumn = plan.firstColumn + plan.headers.length - 1;
    this.columnNames = plan.headers.map((_, i) => columnName(plan.firstColumn + i));
    this.newCells = new CellBytes(this.columnNames);
    this.above = new CellsByColumn(plan.headers.length);
    this.last = new CellsByColumn(plan.headers.length);
    this.edit = new StreamingEdit(this.onTag, (dropped) => this.rowEnds.shift(dropped));
  }

  push(text: string): string {
    return this.edit.push(text);
  }

  finish(): string {
    const written = this.edit.finish();
    if (!this.sawSheetData || this.depth !== 0) throw malformed("the sheet's XML ends early");
    return written;
  }

  private readonly onTag = (tag: XmlTagSpan): number | void => {
    if (tag.kind === "close") {
      this.depth--;
      if (this.depth === 2 && this.row && tag.name === "row") this.finishRow(tag.start);
      else if (this.depth === 1 && this.isInSheetData && tag.name === "sheetData") {
        this.insertRowsBefore(Infinity, tag.start, this.edit);
        this.isInSheetData = false;
      }
      return;
    }
    // biome-ignore lint/complexity/noUselessUndefinedInitialization: TypeScript needs it for a void type
    let goOnFrom: number | void = undefined;
    if (this.depth === 3 && this.row && !this.row.isHolding) this.onRowChild(this.row, tag);
    else if (this.depth === 2 && this.isInSheetData && tag.name === "row") goOnFrom = this.onRow(tag);
    else if (this.depth === 1) {
      if (tag.name === "dimension") this.onDimension(tag);
      else if (tag.name === "cols" && !this.isHoldingCols) {
        this.edit.holdFrom(tag.start);
        this.isHoldingCols = true;
      } else if (tag.name === "sheetData") this.onSheetData(tag);
    }
    // An element read whole, up to its end tag, leaves the depth as it was.
    if (goOnFrom === undefined && tag.kind === "open") this.depth++;
    return goOnFrom;
  };

  private onDimension(tag: XmlTagSpan): void {
    const range = parseCellRange(tag.attribute("ref") ?? "");
    if (!range) return;
    // The range's columns are 0-based indexes.
    const topLeft = cellAddress(
      Math.min(range.firstColumn + 1, this.plan.firstColumn),
      Math.min(range.firstRow, this.targets[0] ?? range.firstRow),
    );
    const bottomRight = cellAddress(
      Math.max(range.lastColumn + 1, this.lastColumn),
      Math.max(range.lastRow, this.targets.at(-1) ?? 0),
    );
    this.edit.replace(tag.start, tag.end, withAttribute(this.edit.tagText(tag), "ref", `${topLeft}:${bottomRight}`));
  }

  private onSheetData(tag: XmlTagSpan): void {
    const prefix = tag.prefix;
    const cols = patchCols(
      this.isHoldingCols ? this.edit.takeHeld(tag.start) : "",
      prefix,
      this.plan.firstColumn,
      this.plan.widths,
    );
    this.columnStyles = cols.styles;
    this.isHoldingCols = false;
    this.sawSheetData = true;
    this.sheetDataPrefix = prefix;
    if (tag.kind === "empty") {
      const rows = Array.from(this.targets, (rowNumber) => this.newRowXml(rowNumber)).join("");
      this.nextTarget = this.targets.length;
      this.edit.replace(
        tag.start,
        tag.end,
        `${cols.xml}${openFormOf(this.edit.tagText(tag))}${rows}</${prefix}sheetData>`,
      );
      return;
    }
    this.edit.insert(tag.start, cols.xml);
    this.isInSheetData = true;
  }

  /**
   * Writes the rows to add that come before `rowNumber` at `at`, in the text or in the bytes, taking them off the rows
   * to write.
   */
  private insertRowsBefore(rowNumber: number, at: number, edit: { insert(at: number, text: string): void }): void {
    let xml = "";
    for (
      ;
      this.nextTarget < this.targets.length && (this.targets[this.nextTarget] as number) < rowNumber;
      this.nextTarget++
    ) {
      xml += this.newRowXml(this.targets[this.nextTarget] as number);
    }
    if (xml) edit.insert(at, xml);
  }

  /** Whether row `rowNumber`, read now after the rows before it, is one to write: it is then taken off them. */
  private takesResults(rowNumber: number): boolean {
    if (this.targets[this.nextTarget] !== rowNumber) return false;
    this.takenResults = this.targetResults[this.nextTarget++] ?? NO_VALUES;
    return true;
  }

  private newRowXml(rowNumber: number): string {
    const prefix = this.sheetDataPrefix;
    return (
      `<${prefix}row r="${rowNumber}">${this.cellsXml({ rowNumber, style: undefined, prefix }, NO_TAIL)}` +
      `</${prefix}row>`
    );
  }

  /**
   * A row: rows to add before it, and on a row to write, its tag and cells. Returns past its end tag when it was read
   * whole.
   */
  private onRow(tag: XmlTagSpan): number | void {
    const edit = this.edit;
    const contentEnd = tag.kind === "open" ? this.rowEnds.contentEnd(edit.window, tag, edit.isFinal) : undefined;
    if (contentEnd === NEEDS_MORE_TEXT) return NEEDS_MORE_TEXT;
    const rowNumber = rowNumberAfter(tag.rawAttribute("r"), this.rowNumber);
    // A row without `r` (or with one that is not a row number) directly follows the one before it, so no row is ever
    // inserted just before it.
    this.insertRowsBefore(rowNumber, tag.start, edit);
    this.rowNumber = rowNumber;
    const rowEnd = contentEnd === undefined ? undefined : contentEnd + `</${tag.prefix}row>`.length;
    if (!this.takesResults(rowNumber)) return rowEnd;
    const row = this.openRow(rowNumber, edit.tagText(tag), tag.prefix);
    if (tag.kind === "empty") {
      edit.replace(tag.start, tag.end, `${openFormOf(row.tag)}${this.cellsXml(row, NO_TAIL)}</${tag.prefix}row>`);
      return;
    }
    edit.replace(tag.start, tag.end, row.tag);
    if (contentEnd === undefined) this.row = { ...row, column: 0, isHolding: false };
    else if (this.endsBeforeResults(tag, contentEnd)) {
      edit.insert(contentEnd, this.cellsXml(row, NO_TAIL));
    } else {
      edit.replace(tag.end, contentEnd, this.rowContentXml(row, edit.window.slice(tag.end, contentEnd)));
    }
    return rowEnd;
  }

  /**
   * Whether the text so far ends between two rows of `<sheetData>` (without a prefix), with nothing held: rows may be
   * taken whole from the bytes from here (see `WholeRowScanner`).
   */
  get isBetweenRows(): boolean {
    return (
      this.depth === 2 &&
      this.isInSheetData &&
      this.sheetDataPrefix === "" &&
      this.row === undefined &&
      !this.isHoldingCols &&
      this.edit.isEmpty
    );
  }

  /** A row found whole in the bytes, written as `onRow` writes it from the text. */
  wholeRow(bytes: Uint8Array, span: RowSpan, edit: ByteEdit): boolean {
    const rowNumber = rowNumberOf(span, this.rowNumber);
    this.insertRowsBefore(rowNumber, span.start, edit);
    this.rowNumber = rowNumber;
    if (!this.takesResults(rowNumber)) return true;
    if (span.isEmpty) {
      const row = this.openRow(rowNumber, textAt(bytes, span.start, span.tagEnd), "");
      edit.replace(span.start, span.tagEnd, `${openFormOf(row.tag)}${this.cellsXml(row, NO_TAIL)}</row>`);
      return true;
    }
    const row = this.openRowInBytes(bytes, span, rowNumber, edit) ?? this.openRowAsText(bytes, span, rowNumber, edit);
    if (this.endsBeforeResultsInBytes(bytes, span)) edit.insertBytes(span.contentEnd, this.cellBytes(row));
    else {
      const content = textAt(bytes, span.tagEnd, span.contentEnd);
      edit.replace(span.tagEnd, span.contentEnd, this.rowContentXml(row, content));
    }
    return true;
  }

  /** A row to write's start tag in the bytes, read and written as text. */
  private openRowAsText(bytes: Uint8Array, span: RowSpan, rowNumber: number, edit: ByteEdit): OpenRow {
    const row = this.openRow(rowNumber, textAt(bytes, span.start, span.tagEnd), "");
    edit.replace(span.start, span.tagEnd, row.tag);
    return row;
  }

  /**
   * A row to write's start tag in the bytes, its `spans` widened in place; undefined, having changed nothing, for a tag
   * whose attributes are not written plainly (with a reference or a character escaped in text, say), to be taken as
   * text.
   */
  private openRowInBytes(bytes: Uint8Array, span: RowSpan, rowNumber: number, edit: ByteEdit): OpenRow | undefined {
    const { spans, customFormat, style } = span.tag;
    if (!span.isTagPlain) return undefined;
    if (spans.start >= 0) {
      const widened = this.lastSpans.widened(bytes, spans.start, spans.end, this.widenedSpans);
      if (widened === null) return undefined;
      edit.replaceWithBytes(spans.start, spans.end, widened);
    }
    if (customFormat.start < 0 || !isTrue(textAt(bytes, customFormat.start, customFormat.end)))
      return { rowNumber, style: undefined, prefix: "" };
    return { rowNumber, style: style.start >= 0 ? Number(textAt(bytes, style.start, style.end)) : 0, prefix: "" };
  }

  /** A row to write: its start tag as written, and the format its new cells take. */
  private openRow(rowNumber: number, tagText: string, prefix: string): OpenRow & { readonly tag: string } {
    const tag = tagText.includes("spans") ? this.widenSpans(tagText, readAttribute(tagText, "spans")) : tagText;
    const style =
      tagText.includes("customFormat") && isTrue(readAttribute(tagText, "customFormat"))
        ? Number(readAttribute(tagText, "s") ?? 0)
        : undefined;
    return { rowNumber, style, prefix, tag };
  }

  /** The row's tag with its `spans` (as read from it) reaching the last result column. */
  private widenSpans(tag: string, spans: string | undefined): string {
    if (spans === undefined) return tag;
    return withAttribute(tag, "spans", this.widenedSpans(spans) ?? undefined);
  }

  /**
   * `spans` reaching the last result column; null for one that does not end in a range, which is taken out. Rows mostly
   * share their spans: each is worked out once.
   */
  private readonly widenedSpans = (spans: string): string | null => {
    let widened = this.spans.get(spans);
    if (widened === undefined) {
      const last = /^(.*?)(\d+):(\d+)$/.exec(spans.trim());
      widened = last ? `${last[1]}${last[2]}:${Math.max(Number(last[3]), this.lastColumn)}` : null;
      if (this.spans.size < MAX_REMEMBERED_SPANS) this.spans.set(spans, widened);
    }
    return widened;
  };

  /**
   * An element in a row to write read tag by tag: a cell before the result columns passes on; the first other element
   * starts holding the rest of the row back.
   */
  private onRowChild(row: StreamedRow, tag: XmlTagSpan): void {
    if (tag.name === "c") {
      const column = cellColumnOf(this.edit.window, tag.start, tag.end) || row.column + 1;
      if (column < this.plan.firstColumn) {
        row.column = column;
        return;
      }
    }
    row.isHolding = true;
    this.edit.holdFrom(tag.start);
  }

  /** The end of a row to write read tag by tag. */
  private finishRow(closeStart: number): void {
    const row = this.row as StreamedRow;
    this.row = undefined;
    if (!row.isHolding) this.edit.insert(closeStart, this.cellsXml(row, NO_TAIL));
    else this.edit.insert(closeStart, this.rowContentXml(row, this.edit.takeHeld(closeStart), row.column));
  }

  /**
   * Whether the new cells simply go at the end of the row: its last cell (if any) comes
   * before the result columns and only space follows it. Mostly so; else the row's cells are
   * read one by one and merged.
   */
  private endsBeforeResults(row: XmlTagSpan, contentEnd: number): boolean {
    const text = this.edit.window;
    const at = lastCellTagBefore(text, row.prefix, row.end, contentEnd);
    let cellEnd = row.end;
    if (at >= 0) {
      const end = findTagEnd(text, at);
      const column = cellColumnOf(text, at, end);
      if (column === 0 || column >= this.plan.firstColumn) return false;
      const close = `</${row.prefix}c>`;
      cellEnd = text.charCodeAt(end - 2) === 0x2f ? end : text.indexOf(close, end) + close.length;
      if (cellEnd < end || cellEnd > contentEnd) return false;
    }
    return cellEnd === contentEnd || text.slice(cellEnd, contentEnd).trim() === "";
  }

  /** `endsBeforeResults` for a row in the bytes. */
  private endsBeforeResultsInBytes(bytes: Uint8Array, row: RowSpan): boolean {
    const at = lastCellTagOf(bytes, row);
    let cellEnd = row.tagEnd;
    if (at >= 0) {
      const cell = readLastCellTag(bytes, row);
      if (!cell || cell.column === 0 || cell.column >= this.plan.firstColumn) return false;
      cellEnd = cellEndOf(bytes, cell, row.contentEnd);
      if (cellEnd < 0) return false;
    }
    return isSpaceOnly(bytes, cellEnd, row.contentEnd);
  }

  /** A row's content (or the rest of it, after a cell in column `column`) with the new cells merged in. */
  private rowContentXml(row: OpenRow, content: string, column = 0): string {
    const { head, tail, rest } = this.splitRow(content, row.rowNumber, column);
    return head + this.cellsXml(row, tail) + rest;
  }

  /**
   * A row's content in three: what comes before its first cell from the result columns on (or
   * before its first element other than a cell), those (empty) cells, and everything else after
   * them as it was: any other element, and a cell out of order before the result columns.
   */
  private splitRow(
    content: string,
    rowNumber: number,
    startColumn: number,
  ): { head: string; tail: TailCell[]; rest: string } {
    const tail: TailCell[] = [];
    let headEnd = content.length;
    let rest = "";
    let copied = content.length;
    let column = startColumn;
    for (const element of childElements(content)) {
      if (element.name !== "c") {
        if (copied > element.start) copied = headEnd = element.start;
        continue;
      }
      const tag = openTagOf(content, element);
      const r = rawAttribute(tag, "r");
      const at = r === undefined ? 0 : columnNumberAt(r, 0);
      column = at || column + 1;
      if (column < this.plan.firstColumn) continue;
      if (copied > element.start) copied = headEnd = element.start;
      rest += content.slice(copied, element.start);
      copied = element.end;
      const xml = content.slice(element.start, element.end);
      const style = readAttribute(tag, "s");
      tail.push({
        column,
        xml: at === 0 ? withAttribute(tag, "r", cellAddress(column, rowNumber)) + xml.slice(tag.length) : xml,
        style: style === undefined ? undefined : Number(style),
      });
    }
    return { head: content.slice(0, headEnd), tail, rest: rest + content.slice(copied) };
  }

  private moneyStyle(base: number): number {
    let style = this.moneyStyles.get(base);
    if (style === undefined) {
      style = this.plan.moneyStyle(base);
      this.moneyStyles.set(base, style);
    }
    return style;
  }

  /**
   * Each new cell of a row, with the empty (formatted) cells the row had from the first result column on: the index of
   * its result column, what it holds, and its format. A new cell takes the format of the cell it replaces, else of its
   * row or column (a date's with a date format); the header takes the customer's header look in bold.
   */
  private forEachNewCell(
    row: OpenRow,
    tail: readonly TailCell[],
    onCell: (index: number, written: string | number, style: number) => void,
  ): void {
    const { firstColumn, headerRowNumber, headers } = this.plan;
    const isHeader = row.rowNumber === headerRowNumber;
    const values: readonly ResultCell[] = isHeader ? headers : (this.plan.rows.get(row.rowNumber) ?? []);
    for (let i = 0; i < values.length; i++) {
      const base =
        (tail.length > 0 ? tail.find((cell) => cell.column === firstColumn + i)?.style : undefined) ??
        row.style ??
        this.columnStyles[i] ??
        0;
      const value = values[i] as ResultCell;
      const written = isHeader ? (value as string) : resultValue(value, this.plan.dates);
      if (written !== null) onCell(i, written, this.newCellStyle(i, value, written, isHeader, base));
    }
  }

  /**
   * The format of new cell `i` of a row, holding `value` (`written` once written) over format `base`. Apart from the
   * value, so that no object is made for each new cell.
   */
  private newCellStyle(
    i: number,
    value: ResultCell,
    written: string | number,
    isHeader: boolean,
    base: number,
  ): number {
    if (isHeader) return (this.headerStyle ??= this.plan.headerStyle());
    if (isResultDate(value)) return this.plan.dates.style(value.kind, base);
    return typeof written === "number" && this.plan.isMoney[i] ? this.moneyStyle(base) : base;
  }

  /** A row's cells from the first result column on: the new ones, merged in column order with `tail`. */
  private cellsXml(row: OpenRow, tail: readonly TailCell[]): string {
    const cells: { readonly column: number; readonly xml: string }[] = [];
    let xml = "";
    this.forEachNewCell(row, tail, (i, written, style) => {
      const cell = cellXml(row.prefix, `${this.columnNames[i]}${row.rowNumber}`, written, style);
      if (tail.length === 0) xml += cell;
      else cells.push({ column: this.plan.firstColumn + i, xml: cell });
    });
    if (tail.length === 0) return xml;
    const replaced = new Set(cells.map((cell) => cell.column));
    for (const cell of tail) if (!replaced.has(cell.column)) cells.push(cell);
    return cells
      .sort((a, b) => a.column - b.column)
      .map((cell) => cell.xml)
      .join("");
  }

  /**
   * `cellsXml` without a tail, for a row in the bytes of a sheet without a prefix, written as bytes. Rows of one order
   * mostly repeat a column's value ("Created", the job number): a cell like the one above it copies that cell's bytes
   * after its address, and nothing of its value is worked out again.
   */
  private cellBytes(row: OpenRow): Uint8Array {
    const cells = this.newCells;
    cells.startRow(row.rowNumber);
    if (row.rowNumber === this.plan.headerRowNumber) {
      this.forEachNewCell(row, NO_TAIL, (i, written, style) => cells.cell(i, written, style));
      return cells.written();
    }
    // Called only for the row just taken.
    const values = this.takenResults;
    const { above, last } = this;
    for (let i = 0; i < values.length; i++) {
      const value = values[i] as ResultCell;
      const base = row.style ?? this.columnStyles[i] ?? 0;
      if (above.bases[i] === base && isSameResultCell(above.values[i], value)) {
        if (!above.blank[i]) cells.repeatKept(i);
        above.wasRepeated[i] = 1;
        continue;
      }
      const written = resultValue(value, this.plan.dates);
      if (written !== null) cells.cell(i, written, this.newCellStyle(i, value, written, false, base));
      // A cell is kept once its value repeats, or at once where the one kept before it was repeated (a value of each
      // order, as its job number and date): a column whose every value is new (a reference) keeps none.
      const keeps = above.wasRepeated[i] === 1 || (last.bases[i] === base && isSameResultCell(last.values[i], value));
      const into = keeps ? above : last;
      into.values[i] = value;
      into.bases[i] = base;
      if (!keeps) continue;
      above.wasRepeated[i] = 0;
      above.blank[i] = written === null ? 1 : 0;
      if (written !== null) cells.keepLastCell(i);
    }
    return cells.written();
  }
}

/** Each result column's value and format in a row, as the next row may repeat them; NOT_SEEN before any. */
class CellsByColumn {
  readonly values: unknown[];
  readonly bases: Int32Array;
  /** 1 where the cell was left blank. */
  readonly blank: Uint8Array;
  /** 1 where the cell was written again in a row below. */
  readonly wasRepeated: Uint8Array;

  constructor(columns: number) {
    this.values = Array.from({ length: columns }, () => NOT_SEEN);
    this.bases = new Int32Array(columns);
    this.blank = new Uint8Array(columns);
    this.wasRepeated = new Uint8Array(columns);
  }
}

const NOT_SEEN = Symbol("not seen");
const NO_VALUES: readonly ResultCell[] = [];

const NO_TAIL: readonly TailCell[] = [];
/** Distinct row spans remembered at most. */
const MAX_REMEMBERED_SPANS = 1024;

/**
 * The last row's `spans` in the bytes and that widened, as bytes: rows mostly have the same, which is then neither
 * decoded nor looked up again.
 */
class LastSpans {
  private read = new Uint8Array(0);
  private written: Uint8Array | null = null;

  /** The `spans` between `start` and `end` widened by `widen` (null when it cannot be), as UTF-8 bytes. */
  widened(bytes: Uint8Array, start: number, end: number, widen: (spans: string) => string | null): Uint8Array | null {
    if (end - start !== this.read.length || !holdsAt(bytes, start, this.read)) {
      const widened = widen(textAt(bytes, start, end));
      this.read = bytes.slice(start, end);
      this.written = widened === null ? null : utf8Encoder.encode(widened);
    }
    return this.written;
  }
}

const utf8Encoder = new TextEncoder();
