export type TextEncodingName = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

export interface DecodedText {
  readonly text: string;
  readonly encoding: TextEncodingName;
  readonly hadByteOrderMark: boolean;
}

/** Share of zero bytes at even and odd positions of the first 4 KB: UTF-16 without a BOM. */
export function utf16WithoutBom(bytes: Uint8Array): TextEncodingName | undefined {
  const length = Math.min(bytes.length, 4096) & ~1;
  if (length < 8) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < length; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = length / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return "utf-16le";
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return "utf-16be";
  return undefined;
}

/** Windows-1252's characters for bytes 0x80–0x9F, where it differs from ISO-8859-1. */
const WINDOWS_1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

/** Some runtimes decode "windows-1252" as ISO-8859-1, leaving C1 controls where € and – belong. */
function decodeWindows1252(bytes: Uint8Array): string {
  return new TextDecoder("windows-1252").decode(bytes).replace(/[\u0080-\u009f]/g, (ch) => WINDOWS_1252_HIGH[ch.charCodeAt(0) - 0x80] ?? ch);
}

/**
 * Text of a CSV file in whatever encoding it was saved: a BOM decides (UTF-8, UTF-16 LE/BE);
 * otherwise UTF-16 is recognised by its zero bytes, valid UTF-8 is UTF-8, and anything else
 * is Windows-1252, the encoding of Excel's plain "CSV" save.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  const b0 = bytes[0];
  const b1 = bytes[1];
  if (b0 === 0xef && b1 === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder("utf-8").decode(bytes.subarray(3)), encoding: "utf-8", hadByteOrderMark: true };
  }
  if (b0 === 0xff && b1 === 0xfe) return { text: new TextDecoder("utf-16le").decode(bytes.subarray(2)), encoding: "utf-16le", hadByteOrderMark: true };
  if (b0 === 0xfe && b1 === 0xff) return { text: new TextDecoder("utf-16be").decode(bytes.subarray(2)), encoding: "utf-16be", hadByteOrderMark: true };
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return { text: new TextDecoder(utf16).decode(bytes), encoding: utf16, hadByteOrderMark: false };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8", hadByteOrderMark: false };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: "windows-1252", hadByteOrderMark: false };
  }
}
