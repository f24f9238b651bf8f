import { isResultDate, type ResultCell, type ResultDate } from "../../../core/result-sheet-data";
import { neutraliseFormula } from "../../../core/spreadsheet-safety";

/** Excel refuses to open a file with a longer text in a cell. */
const MAX_CELL_TEXT = 32_767;

/** Text that can never run as a formula, and that Excel will open. */
export function safeText(text: string): string {
  const safe = neutraliseFormula(text);
  return safe.length > MAX_CELL_TEXT ? `${safe.slice(0, MAX_CELL_TEXT - 1)}…` : safe;
}

/** How a workbook's date cells are written: their serial numbers, and their number formats. */
export interface DateCells {
  /** The serial number of a date in this workbook's date system; null for a moment that is not one. */
  readonly serial: (date: ResultDate) => number | null;
  /** The cell format of a date (or date-time) over a cell of format `base`. */
  readonly style: (kind: ResultDate["kind"], base: number) => number;
}

/** What a result cell holds once written: safe text, a finite number, a date's serial number, or nothing. */
export function resultValue(value: ResultCell | undefined, dates: Pick<DateCells, "serial">): string | number | null {
  if (isResultDate(value)) return dates.serial(value);
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  return value === null || value === undefined || value === "" ? null : safeText(value);
}

/**
 * Whether `text` has a character `escapeCellText` may change: mostly not, and a look at each character costs a tenth of
 * the replace (a result sheet has a text cell for every order row).
 */
function mayNeedEscaping(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 ? code !== 0x09 && code !== 0x0a : code === 0x26 || code === 0x3c || code === 0x3e || code === 0x5f)
      return true;
    if (code >= 0xfffe) return true;
  }
  return false;
}

/**
 * Text as a cell's `<t>` content. Characters XML cannot carry are written as Excel's
 * `_xHHHH_`, so a text that already looks like one has its underscore escaped; a carriage
 * return is a character reference, which XML readers do not turn into a line feed.
 */
export function escapeCellText(text: string): string {
  if (!mayNeedEscaping(text)) return text;
  return text.replace(/[&<>\r\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|_(?=x[0-9A-Fa-f]{4}_)/g, (c) => {
    if (c === "&") return "&amp;";
    if (c === "<") return "&lt;";
    if (c === ">") return "&gt;";
    if (c === "\r") return "&#13;";
    return `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}_`;
  });
}

/** What keeps a text's white space at its ends and its line breaks, where it has them. */
export const spaceAttributeOf = (text: string) => (/^\s|\s$|\n/.test(text) ? ' xml:space="preserve"' : "");

/**
 * One cell: a number as a number, text as an inline string (so the shared strings part is
 * left as it was). `prefix` is the sheet's own prefix for its elements, usually "".
 */
export function cellXml(prefix: string, address: string, value: string | number, style: number): string {
  const s = style > 0 ? ` s="${style}"` : "";
  if (typeof value === "number")
    return `<${prefix}c r="${address}"${s}><${prefix}v>${String(value)}</${prefix}v></${prefix}c>`;
  const space = spaceAttributeOf(value);
  return (
    `<${prefix}c r="${address}"${s} t="inlineStr"><${prefix}is>` +
    `<${prefix}t${space}>${escapeCellText(value)}</${prefix}t></${prefix}is></${prefix}c>`
  );
}
