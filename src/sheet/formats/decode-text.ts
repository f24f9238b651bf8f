export type TextEncodingName = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

export interface DecodedText {
  readonly text: string;
  readonly encoding: TextEncodingName;
  readonly hadByteOrderMark: boolean;
  /** Where the text starts in the bytes: just past the byte-order mark, if any. */
  readonly start: number;
}

/** How a file's bytes are to be decoded, decided from its first bytes alone. */
export interface TextLayout {
  readonly encoding: TextEncodingName;
  readonly hadByteOrderMark: boolean;
  /** Where the text starts: just past the byte-order mark, if any. */
  readonly start: number;
  /**
   * UTF-8 only because nothing said otherwise: the first byte sequence that is not UTF-8 makes
   * the whole file Windows-1252, so decoding it must stop there and start again.
   */
  readonly isUtf8Guess: boolean;
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

/**
 * The encoding a CSV file was saved in, from its first bytes: a BOM decides (UTF-8, UTF-16
 * LE/BE); otherwise UTF-16 is recognised by its zero bytes, and anything else is UTF-8 until a
 * byte sequence proves it is not (then it is Windows-1252, Excel's plain "CSV" save).
 */
export function textLayoutOf(bytes: Uint8Array): TextLayout {
  const b0 = bytes[0];
  const b1 = bytes[1];
  if (b0 === 0xef && b1 === 0xbb && bytes[2] === 0xbf)
    return { encoding: "utf-8", hadByteOrderMark: true, start: 3, isUtf8Guess: false };
  if (b0 === 0xff && b1 === 0xfe) return { encoding: "utf-16le", hadByteOrderMark: true, start: 2, isUtf8Guess: false };
  if (b0 === 0xfe && b1 === 0xff) return { encoding: "utf-16be", hadByteOrderMark: true, start: 2, isUtf8Guess: false };
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return { encoding: utf16, hadByteOrderMark: false, start: 0, isUtf8Guess: false };
  return { encoding: "utf-8", hadByteOrderMark: false, start: 0, isUtf8Guess: true };
}

/** The layout to use once a guessed UTF-8 file has turned out not to be UTF-8. */
export const WINDOWS_1252_LAYOUT: TextLayout = {
  encoding: "windows-1252",
  hadByteOrderMark: false,
  start: 0,
  isUtf8Guess: false,
};

/** Windows-1252's characters for bytes 0x80–0x9F, where it differs from ISO-8859-1. */
const WINDOWS_1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";
const C1_CONTROLS = /[\u0080-\u009f]/g;

/** Some runtimes decode "windows-1252" as ISO-8859-1, leaving C1 controls where € and – belong. */
function decodeWindows1252(bytes: Uint8Array): string {
  return new TextDecoder("windows-1252")
    .decode(bytes)
    .replace(C1_CONTROLS, (ch) => WINDOWS_1252_HIGH[ch.charCodeAt(0) - 0x80] ?? ch);
}

/** Bytes from within a file's text decoded in its encoding: a byte-order mark there is a character like any other. */
export function decodeAs(bytes: Uint8Array, encoding: TextEncodingName): string {
  return encoding === "windows-1252"
    ? decodeWindows1252(bytes)
    : new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes);
}

/** Thrown by {@link decodeChunks} when a file guessed to be UTF-8 holds a byte sequence UTF-8 has no meaning for. */
export class NotUtf8Error extends Error {
  constructor() {
    super("The bytes are not UTF-8");
    this.name = "NotUtf8Error";
  }
}

export interface DecodedChunk {
  readonly text: string;
  /** Bytes of the file decoded so far, this chunk included. */
  readonly bytesRead: number;
}

/** Bytes in the character (UTF-8 sequence or UTF-16 code unit pair) that starts at `at`. */
function characterBytes(bytes: Uint8Array, at: number, encoding: TextEncodingName): number {
  const first = bytes[at] ?? 0;
  if (encoding === "utf-8") return first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 1;
  if (encoding === "windows-1252") return 1;
  const high = encoding === "utf-16le" ? bytes[at + 1] : first;
  return high !== undefined && high >= 0xd8 && high <= 0xdb ? 4 : 2;
}

/** Index just past the last line feed (or, with none, carriage return) in `[start, end)`, or -1. */
function afterLastLineEnd(bytes: Uint8Array, start: number, end: number, encoding: TextEncodingName): number {
  const window = bytes.subarray(start, end);
  for (const code of [0x0a, 0x0d]) {
    if (encoding === "utf-8" || encoding === "windows-1252") {
      const at = window.lastIndexOf(code);
      if (at !== -1) return start + at + 1;
      continue;
    }
    // In UTF-16 the code unit's low byte comes first (LE) or second (BE), at an even offset from `start`.
    const parity = encoding === "utf-16le" ? 0 : 1;
    for (let at = window.lastIndexOf(code); at !== -1; at = at === 0 ? -1 : window.lastIndexOf(code, at - 1)) {
      if (at % 2 === parity && window[at + (parity === 0 ? 1 : -1)] === 0) return start + at + (parity === 0 ? 2 : 1);
    }
  }
  return -1;
}

/**
 * Where a chunk from `start` ends: at most at `limit`, just after a line end when there is
 * one (so a chunk usually holds whole rows and its text needs no joining to the next), and
 * never inside a character (unless one character is longer than the whole chunk).
 */
function chunkEnd(bytes: Uint8Array, start: number, limit: number, encoding: TextEncodingName): number {
  if (limit >= bytes.length) return bytes.length;
  const afterLineEnd = afterLastLineEnd(bytes, start, limit, encoding);
  if (afterLineEnd > start) return afterLineEnd;
  let end = limit;
  if (encoding === "utf-8") {
    let lead = end - 1;
    while (lead > start && lead > end - 4 && ((bytes[lead] ?? 0) & 0xc0) === 0x80) lead--;
    if (lead + characterBytes(bytes, lead, encoding) > end) end = lead;
  } else if (encoding !== "windows-1252") {
    end = start + ((end - start) & ~1);
    if (end - 2 >= start && characterBytes(bytes, end - 2, encoding) === 4) end -= 2;
  }
  return end > start ? end : Math.min(bytes.length, start + characterBytes(bytes, start, encoding));
}

/**
 * The file's text a chunk at a time, so the whole text never has to exist at once. Chunks
 * end between characters (UTF-8's multi-byte sequences, UTF-16's byte pairs and surrogate
 * pairs are never split), so each is decoded on its own: the platform's fast whole-buffer
 * decoding, which (unlike a streaming decoder) keeps plain text in one byte per character.
 * Throws {@link NotUtf8Error} when the layout is a UTF-8 guess that the bytes disprove.
 */
export function* decodeChunks(
  bytes: Uint8Array,
  layout: TextLayout,
  chunkBytes: number,
): Generator<DecodedChunk, void, undefined> {
  const size = Math.max(1, Math.floor(chunkBytes));
  const { encoding } = layout;
  if (encoding === "windows-1252") {
    for (let at = layout.start; at < bytes.length; ) {
      const end = chunkEnd(bytes, at, at + size, encoding);
      yield { text: decodeWindows1252(bytes.subarray(at, end)), bytesRead: end };
      at = end;
    }
    return;
  }
  // As when decoding the whole text: a byte-order mark right at the start is dropped, one anywhere else is text.
  const first = new TextDecoder(encoding, { fatal: layout.isUtf8Guess });
  const rest = new TextDecoder(encoding, { fatal: layout.isUtf8Guess, ignoreBOM: true });
  for (let at = layout.start; at < bytes.length; ) {
    const end = chunkEnd(bytes, at, at + size, encoding);
    let text: string;
    try {
      text = (at === layout.start ? first : rest).decode(bytes.subarray(at, end));
    } catch (error) {
      // With fatal set, the decoder's TypeError is how a malformed sequence shows.
      if (layout.isUtf8Guess && error instanceof TypeError) throw new NotUtf8Error();
      throw error;
    }
    yield { text, bytesRead: end };
    at = end;
  }
}

/**
 * Text of a CSV file in whatever encoding it was saved: a BOM decides (UTF-8, UTF-16 LE/BE);
 * otherwise UTF-16 is recognised by its zero bytes, valid UTF-8 is UTF-8, and anything else
 * is Windows-1252, the encoding of Excel's plain "CSV" save.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  const layout = textLayoutOf(bytes);
  const { encoding, hadByteOrderMark, start } = layout;
  if (!layout.isUtf8Guess)
    return { text: new TextDecoder(encoding).decode(bytes.subarray(start)), encoding, hadByteOrderMark, start };
  try {
    return {
      text: new TextDecoder("utf-8", { fatal: true }).decode(bytes),
      encoding: "utf-8",
      hadByteOrderMark: false,
      start: 0,
    };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: "windows-1252", hadByteOrderMark: false, start: 0 };
  }
}
