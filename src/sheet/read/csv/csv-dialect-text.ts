import type { TextEncodingName } from "../../formats/decode-text";

/** Encodings as a spreadsheet program's "Save as" names them. */
const ENCODING_TEXT: Record<TextEncodingName, string> = {
  "utf-8": "UTF-8",
  "utf-16le": "UTF-16",
  "utf-16be": "UTF-16 (big-endian)",
  "windows-1252": "Windows-1252 (Excel's plain CSV)",
};

/** How a CSV was read, in the user's words: `Windows-1252 (Excel's plain CSV), separated by ";"`. */
export function csvDialectText(csv: { readonly encoding: TextEncodingName; readonly delimiter: string }): string {
  return `${ENCODING_TEXT[csv.encoding]}, separated by ${csv.delimiter === "\t" ? "tabs" : `"${csv.delimiter}"`}`;
}
