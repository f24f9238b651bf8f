import { utf16WithoutBom } from "./decode-text";
import { failure, type SheetReadFailure } from "../read-failure";

export type SheetFileKind = "zip" | "text";

const startsWith = (bytes: Uint8Array, ...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);

function containsUtf16(bytes: Uint8Array, text: string): boolean {
  const needle = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) needle[i * 2] = text.charCodeAt(i);
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** Share of bytes in the first 4 KB that no text file contains (controls other than tab and line ends). */
function binaryShare(bytes: Uint8Array): number {
  const length = Math.min(bytes.length, 4096);
  let odd = 0;
  for (let i = 0; i < length; i++) {
    const b = bytes[i] ?? 0;
    if (b < 9 || (b > 13 && b < 32 && b !== 27)) odd++;
  }
  return length === 0 ? 0 : odd / length;
}

/**
 * What kind of file the bytes are, whatever its name says: a zip container (XLSX and its
 * relatives) or text (CSV). Anything else is refused with a message saying what it is.
 */
export function sniffFile(bytes: Uint8Array, fileName: string): SheetFileKind | SheetReadFailure {
  if (bytes.length === 0) return failure("EMPTY_FILE", `${fileName} is empty.`);
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04) || startsWith(bytes, 0x50, 0x4b, 0x05, 0x06)) return "zip";
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) {
    // Office keeps a password-protected .xlsx inside the old compound-file format.
    return containsUtf16(bytes.subarray(0, Math.min(bytes.length, 1 << 20)), "EncryptedPackage")
      ? failure(
          "ENCRYPTED",
          `${fileName} is protected with a password. ` +
            "Open it in Excel, remove the password (File › Info › Protect Workbook), save it and drop it again.",
        )
      : failure(
          "LEGACY_XLS",
          `${fileName} is an old Excel 97–2003 workbook (.xls). ` +
            "Open it in Excel and save it as an Excel Workbook (.xlsx) or as CSV, then drop that file.",
        );
  }
  if (startsWith(bytes, 0x25, 0x50, 0x44, 0x46))
    return failure(
      "NOT_A_SPREADSHEET",
      `${fileName} is a PDF document, not a spreadsheet. ` +
        "Export the order sheet from your spreadsheet program as .xlsx or .csv.",
    );
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 512)).trimStart().toLowerCase();
  if (head.startsWith("<!doctype html") || head.startsWith("<html") || head.startsWith("<table")) {
    return failure(
      "NOT_A_SPREADSHEET",
      `${fileName} is a web page saved with a spreadsheet name. Open it in Excel and save it as .xlsx or .csv.`,
    );
  }
  const isUtf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (!isUtf16 && binaryShare(bytes) > 0.05 && utf16WithoutBom(bytes) === undefined) {
    return failure(
      "NOT_A_SPREADSHEET",
      `${fileName} is not a spreadsheet the importer can read. Drop an Excel workbook (.xlsx) or a CSV file.`,
    );
  }
  return "text";
}
