import { encodeTextInto, maxEncodedLength } from "../../formats/encode-text";
import { asciiBytes } from "../../xml/xml-bytes";
import { escapeCellText, spaceAttributeOf } from "./cell-xml";

const QUOTE = asciiBytes('"');
const NUMBER_START = asciiBytes("><v>");
const NUMBER_END = asciiBytes("</v></c>");
const TEXT_START = asciiBytes(' t="inlineStr"><is><t>');
const TEXT_START_KEEPING_SPACE = asciiBytes(` t="inlineStr"><is><t${spaceAttributeOf(" ")}>`);
const TEXT_END = asciiBytes("</t></is></c>");
/** Texts up to this long are remembered as their bytes: result texts repeat from row to row ("Created"). */
const MAX_REMEMBERED_CHARS = 200;
const MAX_REMEMBERED_TEXTS = 4096;
/**
 * A column whose last this many texts were all new is taken to hold texts that never repeat (references): its texts
 * are no longer looked up or remembered, which cost a tenth of writing its cells.
 */
const NEW_TEXTS_BEFORE_GIVING_UP = 64;

/**
 * A row's new cells written straight as UTF-8 bytes, exactly as `cellXml` writes them for a sheet without a prefix:
 * building each cell as text and encoding it took more time than all else in writing a large sheet's results.
 */
export class CellBytes {
  private buffer = new Uint8Array(4096);
  private at = 0;
  /** The row number's digits as bytes. */
  private readonly rowDigitBytes = new Uint8Array(16);
  private rowDigitCount = 0;
  /** The row number they are the digits of (0 before any row). */
  private rowNumber = 0;
  /** Rows started so far: the current row's place among them. */
  private rowCount = 0;
  /** Where the last cell's bytes start. */
  private lastCellStart = 0;
  /** Where the last cell's bytes after its address start. */
  private lastEndStart = 0;
  /** Each result column's kept cell: its bytes after its address, how many of them there are, and which keeping. */
  private readonly kept: (Uint8Array | undefined)[] = [];
  private readonly keptLengths: Int32Array;
  private readonly keptVersions: Int32Array;
  /**
   * Where each column's kept cell was last copied: in which row (by `rowCount`), where in it, and which keeping of it.
   */
  private readonly placedRows: Int32Array;
  private readonly placedAt: Int32Array;
  private readonly placedVersions: Int32Array;
  private digitCountBefore = 0;
  /** `<c r="` and each result column's letters. */
  private readonly starts: readonly Uint8Array[];
  /** A text cell's bytes after its address and format, by its text. */
  private readonly texts = new Map<string, Uint8Array>();
  /** The end of a cell's address and its format (`" s="3"`), by format. */
  private readonly styles = new Map<number, Uint8Array>();
  /** Each result column's texts not found among those remembered, one after another. */
  private readonly newTextsInARow: Int32Array;

  constructor(columnNames: readonly string[]) {
    this.starts = columnNames.map((name) => asciiBytes(`<c r="${name}`));
    this.keptLengths = new Int32Array(columnNames.length);
    this.keptVersions = new Int32Array(columnNames.length);
    this.newTextsInARow = new Int32Array(columnNames.length);
    // In no row yet.
    this.placedRows = new Int32Array(columnNames.length).fill(-1);
    this.placedAt = new Int32Array(columnNames.length);
    this.placedVersions = new Int32Array(columnNames.length);
  }

  /** The cells of row `rowNumber` (a spreadsheet row number: whole, from 1) follow. */
  startRow(rowNumber: number): void {
    this.at = 0;
    this.rowCount++;
    this.digitCountBefore = this.rowDigitCount;
    // Its digits, not a string made for every row; mostly the row follows the one before, and one is added to them.
    if (rowNumber === this.rowNumber + 1 && this.rowNumber > 0) this.addOneToRowDigits();
    else this.rowDigitCount = writeDigits(rowNumber, this.rowDigitBytes, 0);
    this.rowNumber = rowNumber;
  }

  private addOneToRowDigits(): void {
    const digits = this.rowDigitBytes;
    let k = this.rowDigitCount - 1;
    for (; k >= 0 && digits[k] === DIGIT_NINE; k--) digits[k] = DIGIT_ZERO;
    if (k >= 0) (digits[k] as number)++;
    else {
      // All nines, now all zeros: a one before them.
      digits[0] = DIGIT_ZERO + 1;
      digits[this.rowDigitCount++] = DIGIT_ZERO;
    }
  }

  /** A cell in result column `index` (0-based) holding `value`, in cell format `style`. */
  cell(index: number, value: string | number, style: number): void {
    this.lastCellStart = this.at;
    this.put(this.starts[index] as Uint8Array);
    this.put(this.rowDigitBytes, this.rowDigitCount);
    this.lastEndStart = this.at;
    this.put(style > 0 ? this.styleOf(style) : QUOTE);
    if (typeof value !== "number") this.textCellEnd(value, index);
    else {
      this.put(NUMBER_START);
      this.number(value);
      this.put(NUMBER_END);
    }
  }

  /**
   * Keeps the last cell's bytes after its address as result column `index`'s: `repeatKept` writes a cell like it in
   * another row. Each column keeps one, in a buffer of its own used over and over. The cell just written counts as
   * placed, as one `repeatKept` writes does: the next row's copy at the same place changes only its digits.
   */
  keepLastCell(index: number): void {
    const length = this.at - this.lastEndStart;
    let kept = this.kept[index];
    if (kept === undefined || kept.length < length) this.kept[index] = kept = new Uint8Array(Math.max(64, 2 * length));
    kept.set(this.buffer.subarray(this.lastEndStart, this.at));
    this.keptLengths[index] = length;
    this.placedRows[index] = this.rowCount;
    this.placedAt[index] = this.lastCellStart;
    this.placedVersions[index] = ++(this.keptVersions[index] as number);
  }

  /**
   * A cell in result column `index` like the one `keepLastCell` kept for it: its start, the row's digits and the kept
   * bytes copied in one go (most of a large sheet's new cells are these). Where the row before had the same cell at the
   * same place, its bytes are still there (a row is written from the front, and nothing past the row's end so far has
   * been written over): only the digits are.
   */
  repeatKept(index: number): void {
    const start = this.starts[index] as Uint8Array;
    const keptLength = this.keptLengths[index] as number;
    const version = this.keptVersions[index] as number;
    const digits = this.rowDigitBytes;
    const digitCount = this.rowDigitCount;
    let at = this.at;
    const isInPlace =
      this.placedRows[index] === this.rowCount - 1 &&
      this.placedAt[index] === at &&
      this.placedVersions[index] === version &&
      this.digitCountBefore === digitCount;
    this.placedRows[index] = this.rowCount;
    this.placedAt[index] = at;
    this.placedVersions[index] = version;
    const length = start.length + digitCount + keptLength;
    if (isInPlace) {
      const buffer = this.buffer;
      for (let k = 0, d = at + start.length; k < digitCount; k++) buffer[d + k] = digits[k] as number;
      this.at = at + length;
      return;
    }
    this.makeRoom(length);
    const buffer = this.buffer;
    const kept = this.kept[index] as Uint8Array;
    for (let k = 0; k < start.length; k++) buffer[at++] = start[k] as number;
    for (let k = 0; k < digitCount; k++) buffer[at++] = digits[k] as number;
    // Its first bytes, not a view of them: a view would be an object made for every cell.
    for (let k = 0; k < keptLength; k++) buffer[at++] = kept[k] as number;
    this.at = at;
  }

  /** The row's cells so far: valid until the next `startRow`. */
  written(): Uint8Array {
    return this.buffer.subarray(0, this.at);
  }

  private styleOf(style: number): Uint8Array {
    let bytes = this.styles.get(style);
    if (!bytes) this.styles.set(style, (bytes = asciiBytes(`" s="${style}"`)));
    return bytes;
  }

  /**
   * A text cell's end in result column `index`, remembered for texts that repeat: encoding each text on its own costs
   * more than the rest.
   */
  private textCellEnd(text: string, index: number): void {
    const newTexts = this.newTextsInARow;
    const looksUp = (newTexts[index] as number) < NEW_TEXTS_BEFORE_GIVING_UP;
    const remembered = looksUp ? this.texts.get(text) : undefined;
    if (remembered) {
      newTexts[index] = 0;
      this.put(remembered);
      return;
    }
    if (looksUp) (newTexts[index] as number)++;
    const start = this.at;
    if (!this.plainTextCellEnd(text)) {
      this.put(spaceAttributeOf(text) === "" ? TEXT_START : TEXT_START_KEEPING_SPACE);
      const escaped = escapeCellText(text);
      this.makeRoom(maxEncodedLength(escaped));
      // UTF-8 has bytes for any text: never undefined.
      this.at += encodeTextInto(escaped, "utf-8", this.buffer, this.at) as number;
      this.put(TEXT_END);
    }
    if (looksUp && text.length <= MAX_REMEMBERED_CHARS && this.texts.size < MAX_REMEMBERED_TEXTS)
      this.texts.set(text, this.buffer.slice(start, this.at));
  }

  /**
   * A text cell's end for text of printable ASCII that needs neither escaping nor its spaces kept, written in one look
   * at each character (most new result texts are references); false, having written nothing, for any other text.
   */
  private plainTextCellEnd(text: string): boolean {
    const length = text.length;
    if (length === 0 || text.charCodeAt(0) === SPACE || text.charCodeAt(length - 1) === SPACE) return false;
    this.makeRoom(TEXT_START.length + length + TEXT_END.length);
    const buffer = this.buffer;
    const at = this.at + TEXT_START.length;
    for (let i = 0; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code >= ASCII_END || IS_PLAIN[code] === 0) return false;
      buffer[at + i] = code;
    }
    // The start goes before the text once it is known to be plain. The bytes a text that is not plain leaves past the
    // row's end are all written over by the general path, whose start and text are at least as long.
    this.put(TEXT_START);
    this.at += length;
    this.put(TEXT_END);
    return true;
  }

  /** The first `length` of `bytes` (all of them unless said). */
  private put(bytes: Uint8Array, length = bytes.length): void {
    this.makeRoom(length);
    // A call to `set` costs more than copying the few bytes most pieces are.
    if (length > 32 && length === bytes.length) this.buffer.set(bytes, this.at);
    else {
      // In locals: the loop reads no field again for every byte.
      const buffer = this.buffer;
      const at = this.at;
      for (let k = 0; k < length; k++) buffer[at + k] = bytes[k] as number;
    }
    this.at += length;
  }

  /** A number as `String` writes it: a whole one below 2^31 digit by digit, without making its string. */
  private number(value: number): void {
    if (value >= 0 && value < 2 ** 31 && (value | 0) === value) {
      this.makeRoom(MAX_WHOLE_DIGITS);
      this.at += writeDigits(value, this.buffer, this.at);
    } else this.ascii(String(value));
  }

  /** Text of ASCII characters only: digits, a number's sign, point and exponent, or markup. */
  private ascii(text: string): void {
    this.makeRoom(text.length);
    const buffer = this.buffer;
    const at = this.at;
    for (let i = 0; i < text.length; i++) buffer[at + i] = text.charCodeAt(i);
    this.at = at + text.length;
  }

  private makeRoom(length: number): void {
    if (this.at + length <= this.buffer.length) return;
    const grown = new Uint8Array(Math.max(2 * this.buffer.length, this.at + length));
    // All of it: the row before's cells past this one's end so far may still be taken as they are.
    grown.set(this.buffer);
    this.buffer = grown;
  }
}

const SPACE = 0x20;
const ASCII_END = 0x80;
/**
 * 1 for each ASCII character a text cell holds as it is: printable, and neither markup (`&`, `<`, `>`) nor `_`, which
 * is escaped where it starts what looks like Excel's `_xHHHH_`.
 */
const IS_PLAIN = Uint8Array.from({ length: ASCII_END }, (_, code) =>
  code >= SPACE && code < 0x7f && !"&<>_".includes(String.fromCharCode(code)) ? 1 : 0,
);
const DIGIT_ZERO = 0x30;
const DIGIT_NINE = 0x39;
/** The digits of a whole number below 2^31, at most. */
const MAX_WHOLE_DIGITS = 10;

/** The digits of `n`, a whole number from 0 to 2^31 - 1, written at `at`; answers how many. */
function writeDigits(n: number, target: Uint8Array, at: number): number {
  let count = 1;
  for (let power = 10; n >= power && count < MAX_WHOLE_DIGITS; power *= 10) count++;
  for (let k = at + count - 1; k >= at; k--, n = (n / 10) | 0) target[k] = DIGIT_ZERO + (n % 10);
  return count;
}
