import { Growable } from "../growable";
import { HAS_TEXT } from "./value-tests";

/**
 * Texts are kept in pieces of this many bytes, a text never across two: the longest a cell may hold, 32,767
 * characters, takes at most 96 KB.
 */
const PIECE_BYTES = 1 << 18;
/** Where a text's length is kept (at most 96 KB), its top bit says the text is ASCII and the next that it is blank. */
const ASCII_FLAG = 0x80000000;
const BLANK_FLAG = 0x40000000;
const LENGTH_MASK = BLANK_FLAG - 1;
/** Texts last made into strings, by their index modulo this: repeated values (a size, a product) are made once. */
const RECENT_TEXTS = 4096;

const utf8 = new TextDecoder();
/** One character a byte: a piece of ASCII texts read whole, each text then a slice of it. Made when first needed. */
let bytewise: TextDecoder | undefined;
const encoder = new TextEncoder();
const NOT_ASCII = /[^\x00-\x7f]/;

/** Bytes kept in pieces of PIECE_BYTES, each text within one piece. */
class TextPieces {
  private readonly pieces: Uint8Array[] = [];
  private piece = new Uint8Array(0);
  /** Bytes used of the last piece. */
  private used = 0;
  /** Each piece read one character a byte, as far as it was filled then: made when a text in it is first asked for. */
  private readonly texts: string[] = [];

  /** Where a text of at most `length` bytes goes, counted through the pieces one after the other. */
  room(length: number): number {
    if (this.pieces.length === 0 || this.used + length > PIECE_BYTES) {
      this.piece = new Uint8Array(PIECE_BYTES);
      this.pieces.push(this.piece);
      this.used = 0;
    }
    return (this.pieces.length - 1) * PIECE_BYTES + this.used;
  }

  /** Copies `bytes[start..end)` to the place `room` gave. */
  copy(bytes: Uint8Array, start: number, end: number): void {
    const piece = this.piece;
    let to = this.used;
    // A view for a short copy would cost more than the copy, and be garbage.
    if (end - start > 512) piece.set(bytes.subarray(start, end), to);
    else for (let i = start; i < end; i++) piece[to++] = bytes[i] as number;
    this.used += end - start;
  }

  /** Writes `text` as UTF-8 to the place `room` gave (room for three bytes a character); says how many bytes. */
  encode(text: string): number {
    const { written } = encoder.encodeInto(text, this.piece.subarray(this.used, this.used + text.length * 3));
    this.used += written;
    return written;
  }

  /** The UTF-8 text at `at`, `length` bytes long. */
  decode(at: number, length: number): string {
    const from = at % PIECE_BYTES;
    return utf8.decode((this.pieces[Math.floor(at / PIECE_BYTES)] as Uint8Array).subarray(from, from + length));
  }

  /** The ASCII text at `at`, `length` bytes long: a slice of its piece read whole. */
  slice(at: number, length: number): string {
    const index = Math.floor(at / PIECE_BYTES);
    const from = at % PIECE_BYTES;
    let text = this.texts[index];
    if (text === undefined || text.length < from + length) {
      const used = index === this.pieces.length - 1 ? this.used : PIECE_BYTES;
      bytewise ??= new TextDecoder("windows-1252");
      text = bytewise.decode((this.pieces[index] as Uint8Array).subarray(0, used));
      this.texts[index] = text;
    }
    return text.slice(from, from + length);
  }
}

/**
 * A workbook's shared texts, kept as their UTF-8 bytes and made into a string only when a cell asks: a string per
 * text, kept from the read to the end of the session, lives through the runtime's young-generation collections, which
 * then grow that generation (several megabytes of peak memory for a 100k-row sheet). Bytes live outside the heap.
 * ASCII texts are kept apart from the others, so that a piece of them reads as one string of one byte a character.
 */
export class SharedTexts {
  private readonly ascii = new TextPieces();
  private readonly other = new TextPieces();
  /**
   * Each text's place in its pieces. The part is at most 512 MB inflated, and a piece is at least five eighths full
   * before the next is started, so it stays well within 32 bits.
   */
  private readonly starts = new Growable(Uint32Array, 1024);
  /** Each text's length in bytes, with its ASCII_FLAG and BLANK_FLAG. */
  private readonly lengths = new Growable(Uint32Array, 1024);
  private readonly recent: (string | undefined)[] = new Array<string | undefined>(RECENT_TEXTS);
  private readonly recentIndex = new Int32Array(RECENT_TEXTS).fill(-1);

  /** The texts given, kept as a workbook's are. */
  static of(texts: readonly string[]): SharedTexts {
    const shared = new SharedTexts();
    for (const text of texts) shared.addText(text);
    return shared;
  }

  get count(): number {
    return this.lengths.length;
  }

  /** Whether text `index` is empty or white space only. */
  isBlank(index: number): boolean {
    return (this.lengths.get(index) & BLANK_FLAG) !== 0;
  }

  /** A text as its UTF-8 bytes `bytes[start..end)`, which need no decoding beyond UTF-8: at most 96 KB of them. */
  addBytes(bytes: Uint8Array, start: number, end: number): void {
    let isAscii = true;
    let hasText = false;
    for (let i = start; i < end; i++) {
      const byte = bytes[i] as number;
      if (byte >= 0x80) isAscii = false;
      else if (byte > 0x20 || byte < 0x09 || (byte > 0x0d && byte < 0x20)) hasText = true;
    }
    const pieces = isAscii ? this.ascii : this.other;
    this.keep(pieces.room(end - start), end - start, isAscii, hasText);
    pieces.copy(bytes, start, end);
    // White space outside ASCII (a no-break space, say) is blank too: only such a text is decoded to tell.
    if (!hasText && !isAscii) this.keepBlank(this.count - 1, !HAS_TEXT.test(this.text(this.count - 1)));
  }

  /** A text already decoded. */
  addText(text: string): void {
    const isAscii = !NOT_ASCII.test(text);
    const pieces = isAscii ? this.ascii : this.other;
    const at = pieces.room(text.length * 3);
    this.keep(at, pieces.encode(text), isAscii, HAS_TEXT.test(text));
  }

  /** Text `index` (which must be below `count`). */
  text(index: number): string {
    const slot = index & (RECENT_TEXTS - 1);
    if (this.recentIndex[slot] === index) return this.recent[slot] as string;
    const at = this.starts.get(index);
    const flagged = this.lengths.get(index);
    const length = flagged & LENGTH_MASK;
    const text =
      length === 0 ? "" : flagged & ASCII_FLAG ? this.ascii.slice(at, length) : this.other.decode(at, length);
    this.recentIndex[slot] = index;
    this.recent[slot] = text;
    return text;
  }

  /** Every text, in order: for tests. */
  all(): string[] {
    return Array.from({ length: this.count }, (_, index) => this.text(index));
  }

  /** Notes a text of `length` bytes at `at` in its pieces. */
  private keep(at: number, length: number, isAscii: boolean, hasText: boolean): void {
    this.starts.push(at);
    this.lengths.push(isAscii ? (length | ASCII_FLAG) >>> 0 : length);
    this.keepBlank(this.count - 1, !hasText);
  }

  private keepBlank(index: number, isBlank: boolean): void {
    const flagged = this.lengths.get(index);
    this.lengths.set(index, (isBlank ? flagged | BLANK_FLAG : flagged & ~BLANK_FLAG) >>> 0);
  }
}
