import { decodeXmlText } from "./xml-text";

/**
 * Byte-level pieces for reading XML that is UTF-8 straight from the inflater, without decoding
 * it to text first: what the byte scanners are built from. The tests of characters
 * (`isSpace`, `endsName`) take a byte or a character code alike, and serve the text readers too.
 */

export const LT = 0x3c;
export const GT = 0x3e;
export const SLASH = 0x2f;
const EQUALS = 0x3d;
export const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const COLON = 0x3a;
export const AMPERSAND = 0x26;
export const CR = 0x0d;

/** The scan ran into the end of the bytes it has: more are needed to go on. */
export const NEEDS_MORE = -1;
/** The bytes hold something the byte scanner leaves to the full XML reader. */
export const NOT_PLAIN = -2;

/** XML's white space; every other character up to it is told with one comparison. */
export const isSpace = (c: number) => c <= 0x20 && (c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d);

/** Whether the character after an element's name ends the name. */
export const endsName = (c: number) => c === GT || c === SLASH || isSpace(c);

/** The first position from `at` that is not white space (`bytes.length` when none is). */
export function skipSpace(bytes: Uint8Array, at: number): number {
  const n = bytes.length;
  while (at < n && isSpace(bytes[at] as number)) at++;
  return at;
}

/** Whether the bytes of `pattern` come at `at` in `bytes`. */
export function holdsAt(bytes: Uint8Array, at: number, pattern: Uint8Array): boolean {
  if (at < 0 || at + pattern.length > bytes.length) return false;
  for (let k = 0; k < pattern.length; k++) if (bytes[at + k] !== pattern[k]) return false;
  return true;
}

/**
 * Matches the end tag `</name>` (white space allowed before `>`) at `at`, `name` given as its bytes: the position after
 * it, `NEEDS_MORE`, or `NOT_PLAIN` when something else is there.
 */
export function endTagAt(bytes: Uint8Array, at: number, name: Uint8Array): number {
  const n = bytes.length;
  if (at + 2 + name.length > n) return NEEDS_MORE;
  if (bytes[at] !== LT || bytes[at + 1] !== SLASH) return NOT_PLAIN;
  if (!holdsAt(bytes, at + 2, name)) return NOT_PLAIN;
  const close = skipSpace(bytes, at + 2 + name.length);
  if (close >= n) return NEEDS_MORE;
  return bytes[close] === GT ? close + 1 : NOT_PLAIN;
}

/** One attribute of a start tag, as positions in the bytes; valid until the next call of `nextAttribute`. */
export interface ByteAttribute {
  nameStart: number;
  nameEnd: number;
  valueStart: number;
  valueEnd: number;
  /** Where the tag goes on after the attribute. */
  end: number;
}

/**
 * 1 for each byte that ends an attribute's name (`=`, white space, `>`, `/`, `<`, `"`): names are read a byte at a
 * time, and one look in a table costs less than six comparisons for every letter.
 */
const ENDS_ATTRIBUTE_NAME = new Uint8Array(256);
for (const c of [EQUALS, 0x20, 0x0a, 0x09, 0x0d, GT, SLASH, LT, DOUBLE_QUOTE]) ENDS_ATTRIBUTE_NAME[c] = 1;

/** How a start tag ends: `>`, or `/>` for an element without content. */
export const OPEN_TAG = -3;
export const EMPTY_TAG = -4;

/**
 * The next attribute of a start tag from `at` (filled into `attribute`), or how the tag ends: `OPEN_TAG` or `EMPTY_TAG`
 * with `attribute.end` after it, `NEEDS_MORE`, or `NOT_PLAIN` for anything a plain tag does not hold.
 */
export function nextAttribute(bytes: Uint8Array, at: number, attribute: ByteAttribute): number {
  const n = bytes.length;
  let i = skipSpace(bytes, at);
  if (i >= n) return NEEDS_MORE;
  const first = bytes[i] as number;
  if (first === GT) {
    attribute.end = i + 1;
    return OPEN_TAG;
  }
  if (first === SLASH) {
    if (i + 1 >= n) return NEEDS_MORE;
    attribute.end = i + 2;
    return bytes[i + 1] === GT ? EMPTY_TAG : NOT_PLAIN;
  }
  // Only white space may part one attribute from the next.
  if (i === at && at > 0 && !isSpace(bytes[at - 1] as number)) return NOT_PLAIN;
  const nameStart = i;
  let b = first;
  while (ENDS_ATTRIBUTE_NAME[b] === 0) {
    if (++i >= n) return NEEDS_MORE;
    b = bytes[i] as number;
  }
  if (i === nameStart) return NOT_PLAIN;
  const nameEnd = i;
  i = skipSpace(bytes, i);
  if (i >= n) return NEEDS_MORE;
  if (bytes[i] !== EQUALS) return NOT_PLAIN;
  i = skipSpace(bytes, i + 1);
  if (i >= n) return NEEDS_MORE;
  const quote = bytes[i] as number;
  if (quote !== DOUBLE_QUOTE && quote !== SINGLE_QUOTE) return NOT_PLAIN;
  // Values are short: a loop finds the quote sooner than a call to `indexOf` would start.
  let valueEnd = i + 1;
  while (valueEnd < n && bytes[valueEnd] !== quote) valueEnd++;
  if (valueEnd === n) return NEEDS_MORE;
  attribute.nameStart = nameStart;
  attribute.nameEnd = nameEnd;
  attribute.valueStart = i + 1;
  attribute.valueEnd = valueEnd;
  attribute.end = valueEnd + 1;
  return 0;
}

/** Whether the attribute's name has a prefix whose local name is one of a single byte, such as `x:r`. */
export function isPrefixedShortName(bytes: Uint8Array, attribute: ByteAttribute): boolean {
  const { nameStart, nameEnd } = attribute;
  return nameEnd - nameStart > 2 && bytes[nameEnd - 2] === COLON;
}

/** Whether the bytes hold `byte` between `start` and `end`. */
export function holds(bytes: Uint8Array, byte: number, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (bytes[i] === byte) return true;
  return false;
}

/** A whole number of digits only (at most 15 of them); NaN for anything else, as the text reader reads attributes. */
export function digitsAt(bytes: Uint8Array, start: number, end: number): number {
  if (start === end || end - start > 15) return NaN;
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = (bytes[i] as number) - 48;
    if (digit < 0 || digit > 9) return NaN;
    value = value * 10 + digit;
  }
  return value;
}

const utf8 = new TextDecoder();
/** Short ASCII runs are made into strings directly: cheaper than a call to the decoder. */
const DIRECT_CHARS = 64;

/** The bytes from `start` to `end` as text (UTF-8). */
export function textAt(bytes: Uint8Array, start: number, end: number): string {
  if (end - start <= DIRECT_CHARS) {
    let isAscii = true;
    for (let i = start; i < end && isAscii; i++) isAscii = (bytes[i] as number) < 0x80;
    if (isAscii) return String.fromCharCode.apply(null, bytes.subarray(start, end) as unknown as number[]);
  }
  return utf8.decode(bytes.subarray(start, end));
}

/** Text between tags, decoded as the XML reader decodes it. */
export function xmlTextAt(bytes: Uint8Array, start: number, end: number): string {
  const raw = textAt(bytes, start, end);
  return holds(bytes, AMPERSAND, start, end) || holds(bytes, CR, start, end) ? decodeXmlText(raw) : raw;
}

/** Whether an element named `name` starts at `at` (its `<`), with the byte after its name at hand. */
export function isStartOf(bytes: Uint8Array, at: number, name: Uint8Array): boolean {
  const after = at + 1 + name.length;
  if (after >= bytes.length || !holdsAt(bytes, at + 1, name)) return false;
  return endsName(bytes[after] as number);
}

/** Exact powers of ten: a whole number of at most 15 digits divided by one of them is rounded once, as parsing does. */
const POWERS_OF_TEN = Array.from({ length: 23 }, (_, k) => 10 ** k);

/**
 * A number written plainly (`-12`, `3.25`: a sign, digits, a point, at most 15 digits in all) read straight from the
 * bytes, equal to what `parseFloat` gives for its text; NaN for any other form, which the caller reads as text.
 */
export function plainNumberAt(bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  const isNegative = bytes[i] === 0x2d;
  if (isNegative) i++;
  let whole = 0;
  let digits = 0;
  let fraction = -1;
  for (; i < end; i++) {
    const b = bytes[i] as number;
    if (b === 0x2e && fraction < 0) {
      fraction = 0;
      continue;
    }
    const digit = b - 48;
    if (digit < 0 || digit > 9) return NaN;
    whole = whole * 10 + digit;
    digits++;
    if (fraction >= 0) fraction++;
  }
  if (digits === 0 || digits > 15) return NaN;
  const value = fraction > 0 ? whole / (POWERS_OF_TEN[fraction] as number) : whole;
  return isNegative ? -value : value;
}

/**
 * Where `pattern` next occurs in `bytes` from `from`; -1 when it does not. It is looked for by its byte at `anchor`:
 * the rarer that byte in what is searched, the fewer places are tried.
 */
export function indexOfBytes(bytes: Uint8Array, pattern: Uint8Array, from: number, anchor = 0): number {
  const key = pattern[anchor] as number;
  for (let at = bytes.indexOf(key, from + anchor); at >= 0; at = bytes.indexOf(key, at + 1)) {
    const start = at - anchor;
    if (start + pattern.length > bytes.length) return -1;
    let k = 0;
    while (k < pattern.length && bytes[start + k] === pattern[k]) k++;
    if (k === pattern.length) return start;
  }
  return -1;
}

export const asciiBytes = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

const EXCLAMATION = 0x21;
const QUESTION = 0x3f;
const isMarkupByte = (c: number | undefined) => c === EXCLAMATION || c === QUESTION;

/**
 * Where the first `!` or `?` is at or after `from` (what follows the `<` of a comment, CDATA or a processing
 * instruction), -1 when there is none. Four bytes at a time: a word holding neither is passed over with a few integer
 * operations, where two searches with `indexOf` went over every byte twice.
 */
export function indexOfMarkupByte(bytes: Uint8Array, from: number): number {
  const n = bytes.length;
  let at = Math.max(0, from);
  for (; at < n && ((bytes.byteOffset + at) & 3) !== 0; at++) if (isMarkupByte(bytes[at])) return at;
  const wordCount = (n - at) >> 2;
  if (wordCount > 0) {
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset + at, wordCount);
    for (let k = 0; k < wordCount; k++) {
      const word = words[k] as number;
      // A byte of each is zero where the word's byte is the one looked for: the test for a zero byte finds it.
      const exclamations = word ^ 0x21212121;
      const questions = word ^ 0x3f3f3f3f;
      if ((((exclamations - 0x01010101) & ~exclamations) | ((questions - 0x01010101) & ~questions)) & 0x80808080) {
        for (let j = at + 4 * k; j < at + 4 * k + 4; j++) if (isMarkupByte(bytes[j])) return j;
      }
    }
    at += 4 * wordCount;
  }
  for (; at < n; at++) if (isMarkupByte(bytes[at])) return at;
  return -1;
}
