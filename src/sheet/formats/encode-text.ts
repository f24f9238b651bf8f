import { decodeText, type TextEncodingName } from "./decode-text";

let windows1252Bytes: ReadonlyMap<number, number> | undefined;

/**
 * Windows-1252's byte for each character of 0x80–0xFF, made by decoding those bytes the way
 * the reader does, so what is written reads back as the same text. That includes the five
 * bytes Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D), read as U+0081 and so on.
 */
function windows1252Table(): ReadonlyMap<number, number> {
  if (windows1252Bytes) return windows1252Bytes;
  const high = Uint8Array.from({ length: 0x80 }, (_, i) => 0x80 + i);
  const decoded = decodeText(high);
  if (decoded.encoding !== "windows-1252" || decoded.text.length !== high.length)
    throw new Error("The reader no longer decodes bytes 0x80–0xFF as Windows-1252");
  windows1252Bytes = new Map(Array.from(decoded.text, (ch, i) => [ch.charCodeAt(0), 0x80 + i]));
  return windows1252Bytes;
}

function encodeWindows1252Into(text: string, target: Uint8Array, at: number): number | undefined {
  let table: ReadonlyMap<number, number> | undefined;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      target[at + i] = code;
      continue;
    }
    table ??= windows1252Table();
    const byte = table.get(code);
    if (byte === undefined) return undefined;
    target[at + i] = byte;
  }
  return text.length;
}

function encodeUtf16Into(text: string, target: Uint8Array, at: number, littleEndian: boolean): number {
  const highByte = littleEndian ? 1 : 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    target[at + 2 * i + highByte] = unit >> 8;
    target[at + 2 * i + 1 - highByte] = unit & 0xff;
  }
  return text.length * 2;
}

const utf8 = new TextEncoder();

/** The most bytes `text` can take in any of these encodings. */
export const maxEncodedLength = (text: string) => text.length * 3;

/** Text this short is written as UTF-8 in a loop here: a view and a call for each of many small texts cost more. */
const SHORT_TEXT = 256;

/** UTF-8 of short text, its ASCII written byte by byte, the rest (from the first other character) by the encoder. */
function encodeShortUtf8Into(text: string, target: Uint8Array, at: number): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) return i + utf8.encodeInto(text.slice(i), target.subarray(at + i)).written;
    target[at + i] = code;
  }
  return text.length;
}

/**
 * Writes text into `target` from `at` in one of the encodings the reader recognises, without a
 * byte-order mark, and returns how many bytes it took; undefined when a character has no byte
 * in Windows-1252 (the others encode any text). `target` must have room for
 * `maxEncodedLength(text)` bytes from `at`.
 */
export function encodeTextInto(
  text: string,
  encoding: TextEncodingName,
  target: Uint8Array,
  at: number,
): number | undefined {
  switch (encoding) {
    case "utf-8":
      return text.length <= SHORT_TEXT
        ? encodeShortUtf8Into(text, target, at)
        : utf8.encodeInto(text, target.subarray(at)).written;
    case "utf-16le":
      return encodeUtf16Into(text, target, at, true);
    case "utf-16be":
      return encodeUtf16Into(text, target, at, false);
    case "windows-1252":
      return encodeWindows1252Into(text, target, at);
  }
}

/** Text as bytes in one of the encodings the reader recognises, as `encodeTextInto` writes them. */
export function encodeText(text: string, encoding: TextEncodingName): Uint8Array<ArrayBuffer> | undefined {
  if (encoding === "utf-8") return utf8.encode(text);
  // UTF-16 takes two bytes a code unit, Windows-1252 one a character: the buffer is exactly filled.
  const bytes = new Uint8Array(encoding === "windows-1252" ? text.length : text.length * 2);
  return encodeTextInto(text, encoding, bytes, 0) === undefined ? undefined : bytes;
}
