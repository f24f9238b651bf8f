import { columnLetter } from "../../../core/sheet-model";
import { SHEET_LIMITS } from "../../limits";
import { isoToSerial } from "./cell-values";
import { GRID_ROWS, parseCellRange, parseCellRef } from "../../formats/cell-ref";
import type { Relationship } from "./package-parts";
import type { SheetDataSink } from "./sheet-data-scanner";
import {
  cellTooLong,
  missingSharedText,
  rowBeyondGrid,
  tooManyCells,
  tooManyColumns,
  tooManyMergedCells,
  tooManyRows,
} from "./refusals";
import { SheetStoreBuilder, type SharedStrings, type SheetStore } from "./sheet-store";
import { HAS_TEXT } from "./value-tests";
import { isTrue } from "../../xml/xml-attributes";
import type { XmlHandler, XmlStartTag } from "../../xml/xml-event-scanner";
import { decodeEscapedCharacters } from "../../xml/xml-text";

/** What all sheets of a workbook share while they are read, and the counts that bound them together. */
export interface WorkbookContext {
  readonly fileName: string;
  readonly strings: SharedStrings;
  /** For each cell format, 1 when it shows numbers as dates. */
  readonly dateStyles: Uint8Array;
  readonly is1904: boolean;
  /** Cells kept (values and links), all sheets together. */
  cells: number;
  /** Rows that are not blank, all sheets together. */
  orderRows: number;
}

/** A shared-text cell's value: the index of its text among the workbook's shared texts. */
const SHARED_INDEX = /^\s*\d+\s*$/;

const enum Capture {
  None,
  Value,
  Inline,
}

/**
 * Reads one worksheet part as it is scanned, keeping each cell that holds a value in the
 * sheet's store as soon as its tag closes: shared strings by index, numbers (dates by their
 * cell format), booleans, errors and inline or formula text, a formula as its cached result.
 * Hidden rows, merged ranges and links follow the cells and are read into the store too.
 * The limits (rows, columns, cells, text, merged cells) stop the reading when passed.
 */
export function createWorksheetReader(
  context: WorkbookContext,
  sheetName: string,
  relationships: ReadonlyMap<string, Relationship>,
) {
  const reader = new WorksheetReader(context, sheetName, relationships);
  return {
    handler: reader as XmlHandler,
    /** The same reader, for the rows and cells the byte scanner reads. */
    sink: reader as SheetDataSink,
    /** The sheet once its part has ended; rows that only merges or links fill count as order rows now. */
    finish: (): SheetStore => reader.finish(),
  };
}

const { maxCellChars, maxCells, maxMergedCells, maxRows } = SHEET_LIMITS.xlsx;
const { maxColumns, headerAllowance } = SHEET_LIMITS;
const MAX_ORDER_ROWS = maxRows + headerAllowance;
/** `_x000D_` escapes are 7 characters for one: inline text is measured decoded when its cell ends. */
const ESCAPE_LENGTH = 7;

/** The scanner's handler for one worksheet: where in the sheet it is, and the cell being read. */
class WorksheetReader implements XmlHandler, SheetDataSink {
  wantsText = false;
  private readonly builder: SheetStoreBuilder;
  private isInData = false;
  private isInRow = false;
  private isInCell = false;
  private isInInline = false;
  private phoneticDepth = 0;
  private capture = Capture.None;
  private rowNumber = 0;
  private nextColumn = 0;
  private sheetOrderRows = 0;
  private mergedCells = 0;
  // The cell being read.
  private columnIndex = 0;
  private styleIndex = 0;
  private type = "n";
  private value = "";
  private inline = "";
  private hasInline = false;

  constructor(
    private readonly context: WorkbookContext,
    private readonly sheetName: string,
    private readonly relationships: ReadonlyMap<string, Relationship>,
  ) {
    this.builder = new SheetStoreBuilder(context.strings, context.is1904);
  }

  open(tag: XmlStartTag): void {
    switch (tag.name) {
      case "c":
        if (this.isInRow) this.openCell(tag);
        return;
      case "v":
        if (this.isInCell) this.startCapture(Capture.Value);
        return;
      case "is":
        if (this.isInCell) this.isInInline = this.hasInline = true;
        return;
      case "t":
        if (this.isInInline && this.phoneticDepth === 0) this.startCapture(Capture.Inline);
        return;
      case "rPh":
        if (this.isInInline) this.phoneticDepth++;
        return;
      case "row":
        if (this.isInData) this.startRow(tag.attrInteger("r"), isTrue(tag.attr("hidden")));
        return;
      case "sheetData":
        this.isInData = true;
        return;
      case "mergeCell":
        this.addMerge(tag.attr("ref") ?? "");
        return;
      case "hyperlink":
        this.addLink(tag.attr("ref") ?? "", tag.attr("id") ?? "");
        return;
    }
  }

  close(name: string): void {
    switch (name) {
      case "v":
      case "t":
        if (this.capture !== Capture.None) {
          this.capture = Capture.None;
          this.wantsText = false;
        }
        return;
      case "c":
        if (this.isInCell) this.keepCell();
        this.isInCell = false;
        return;
      case "is":
        this.isInInline = false;
        return;
      case "rPh":
        if (this.isInInline) this.phoneticDepth--;
        return;
      case "row":
        if (this.isInRow) this.endRow();
        return;
      case "sheetData":
        this.isInData = false;
        this.builder.endCells();
        return;
    }
  }

  text(text: string): void {
    if (this.capture === Capture.Value) {
      this.value += text;
      if (this.value.length > maxCellChars) throw cellTooLong(this.context.fileName, this.cellName());
    } else if (this.capture === Capture.Inline) {
      this.inline += text;
      if (this.inline.length > maxCellChars * ESCAPE_LENGTH) throw cellTooLong(this.context.fileName, this.cellName());
    }
  }

  finish(): SheetStore {
    const sheet = this.builder.finish();
    if (sheet.filledRowCount > this.sheetOrderRows) this.countOrderRows(sheet.filledRowCount - this.sheetOrderRows);
    return sheet;
  }

  startRow(number: number, isHidden: boolean): void {
    this.rowNumber = number >= 1 ? number : this.rowNumber + 1;
    if (this.rowNumber > GRID_ROWS) throw rowBeyondGrid(this.context.fileName, this.sheetName, this.rowNumber);
    if (isHidden) this.builder.hideRow(this.rowNumber);
    this.builder.startRow(this.rowNumber);
    this.nextColumn = 0;
    this.isInRow = true;
  }

  endRow(): void {
    if (this.builder.endRow()) this.countOrderRows(1);
    this.isInRow = false;
  }

  startCell(refColumn: number, style: number): void {
    this.columnIndex = refColumn >= 0 ? refColumn : this.nextColumn;
    this.nextColumn = this.columnIndex + 1;
    this.styleIndex = style;
  }

  keepShared(index: number): void {
    const { strings } = this.context;
    if (index >= strings.count)
      throw missingSharedText(this.context.fileName, this.sheetName, this.rowNumber, this.columnIndex);
    if (this.admit(!strings.isBlank(index))) this.builder.addShared(this.columnIndex, index);
  }

  keepNumber(value: number): void {
    if (this.admit(true))
      this.builder.addNumber(this.columnIndex, value, this.context.dateStyles[this.styleIndex] === 1);
  }

  keepValue(type: string, value: string): void {
    if (value.length > maxCellChars) throw cellTooLong(this.context.fileName, this.cellName());
    this.type = type;
    this.value = value;
    this.hasInline = false;
    this.keepCell();
  }

  keepInline(text: string): void {
    this.inline = text;
    this.hasInline = true;
    this.keepCell();
  }

  private openCell(tag: XmlStartTag): void {
    this.startCell(tag.attrColumn("r"), tag.attrInteger("s") || 0);
    this.type = tag.attr("t") ?? "n";
    this.value = "";
    this.inline = "";
    this.hasInline = false;
    this.isInCell = true;
  }

  private startCapture(capture: Capture): void {
    this.capture = capture;
    this.wantsText = true;
  }

  private addMerge(ref: string): void {
    const range = parseCellRange(ref);
    if (range === undefined) return;
    this.mergedCells += this.builder.addMerge(range);
    if (this.mergedCells > maxMergedCells) throw tooManyMergedCells(this.context.fileName, this.sheetName);
  }

  private addLink(ref: string, relationshipId: string): void {
    const link = this.relationships.get(relationshipId);
    // As Excel relates them: a link to a web or mail address, on the one cell named.
    if (link === undefined || ref.includes(":")) return;
    const place = parseCellRef(ref);
    if (this.builder.addLink(place.rowNumber, place.columnIndex, link.target) && ++this.context.cells > maxCells)
      throw tooManyCells(this.context.fileName);
  }

  /** The cell whose tag just closed, kept by its type when it holds a value. */
  private keepCell(): void {
    const { type, value } = this;
    if (type === "inlineStr" || this.hasInline) {
      const text = decodeEscapedCharacters(this.hasInline ? this.inline : value);
      if (text.length > maxCellChars) throw cellTooLong(this.context.fileName, this.cellName());
      if (text !== "") this.keepText(text);
      return;
    }
    if (value === "") return;
    switch (type) {
      case "s":
        this.keepSharedText(value);
        return;
      case "str":
      case "e":
        this.keepText(value);
        return;
      case "b":
        if (this.admit(true)) this.builder.addBoolean(this.columnIndex, parseInt(value, 10) !== 0);
        return;
      case "d": {
        const serial = isoToSerial(value.trim(), this.context.is1904);
        if (!Number.isFinite(serial)) this.keepText(value);
        else if (this.admit(true)) this.builder.addNumber(this.columnIndex, serial, true);
        return;
      }
      default: {
        const number = parseFloat(value);
        if (Number.isNaN(number)) this.keepText(value);
        else this.keepNumber(number);
      }
    }
  }

  /**
   * A cell naming text the workbook does not hold is damage, not a blank cell: reading on would lose the value unseen.
   */
  private keepSharedText(value: string): void {
    if (!SHARED_INDEX.test(value))
      throw missingSharedText(this.context.fileName, this.sheetName, this.rowNumber, this.columnIndex);
    this.keepShared(parseInt(value, 10));
  }

  /** Keeps a text cell if `admit` takes it, testing it for non-blank text once for both. */
  private keepText(text: string): void {
    const isFilled = HAS_TEXT.test(text);
    if (this.admit(isFilled)) this.builder.addText(this.columnIndex, text, isFilled);
  }

  /**
   * Whether the cell is kept: within the columns (blank text far to the right is left out) and the cells a workbook may
   * have.
   */
  private admit(isFilled: boolean): boolean {
    if (this.columnIndex >= maxColumns) {
      if (isFilled) throw tooManyColumns(this.context.fileName, this.sheetName, this.rowNumber, this.columnIndex);
      return false;
    }
    if (++this.context.cells > maxCells) throw tooManyCells(this.context.fileName);
    return true;
  }

  private countOrderRows(count: number): void {
    this.sheetOrderRows += count;
    this.context.orderRows += count;
    if (this.context.orderRows > MAX_ORDER_ROWS)
      throw tooManyRows(this.context.fileName, this.sheetName, this.sheetOrderRows);
  }

  private cellName(): string {
    return `cell ${columnLetter(this.columnIndex)}${this.rowNumber} of sheet "${this.sheetName}"`;
  }
}
