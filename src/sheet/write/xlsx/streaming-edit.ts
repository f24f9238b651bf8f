import { SHEET_LIMITS } from "../../limits";
import { malformed, XmlRefusal } from "../../xml/xml-refusal";
import { XmlTagScanner, type XmlTagSpan } from "../../xml/xml-tag-scanner";

/** The most text held back at once: a few times the longest tag the reader takes. */
export const MAX_HELD_CHARS = 4 * SHEET_LIMITS.xlsx.maxMarkupChars;

/**
 * XML text edited as it streams through: each pushed piece is scanned for tags, and what
 * `onTag` neither replaces nor holds back is written out as it came. Only the text not yet
 * written (a tag cut off at the end of a piece, or a stretch held back) is kept between pieces;
 * a stretch held back is kept as the pieces it came in, so holding it costs no copying until
 * it is taken, and holding more than `MAX_HELD_CHARS` is refused (`markup-size`).
 */
export class StreamingEdit {
  private text = "";
  /** Where scanning goes on from in `text`. */
  private scanned = 0;
  /** Text before this is written out, replaced or dropped. */
  private copied = 0;
  private isHolding = false;
  /** Text held back that has left `text`: everything from the hold's start up to `copied`. */
  private held: string[] = [];
  private heldChars = 0;
  private readonly scanner = new XmlTagScanner();
  private out: string[] = [];
  private isFinalPiece = false;

  /**
   * `onTag` gets each tag (and may return where to go on from, as for `XmlTagScanner.scan`);
   * `onTextShift` is told when `window` loses characters at its start, so offsets into it move back by that many.
   */
  constructor(
    private readonly onTag: (tag: XmlTagSpan) => number | void,
    private readonly onTextShift: (dropped: number) => void,
  ) {}

  /** The text tags' offsets refer to. */
  get window(): string {
    return this.text;
  }

  /** Whether nothing is held back or waiting for more text. */
  get isEmpty(): boolean {
    return this.text === "" && !this.isHolding;
  }

  /** Whether the last piece has come: a tag cut short now is an error. */
  get isFinal(): boolean {
    return this.isFinalPiece;
  }

  push(piece: string): string {
    this.text += piece;
    this.scanned = this.scanner.scan(this.text, this.scanned, false, this.onTag);
    return this.flush();
  }

  finish(): string {
    this.isFinalPiece = true;
    this.scanned = this.scanner.scan(this.text, this.scanned, true, this.onTag);
    if (this.isHolding) throw malformed("the XML ends inside an element");
    return this.flush();
  }

  tagText(tag: XmlTagSpan): string {
    return this.text.slice(tag.start, tag.end);
  }

  /** Writes out the text up to `at` as it came. */
  keepUpTo(at: number): void {
    if (at > this.copied) this.out.push(this.text.slice(this.copied, at));
    this.copied = Math.max(this.copied, at);
  }

  insert(at: number, text: string): void {
    this.keepUpTo(at);
    this.out.push(text);
  }

  replace(start: number, end: number, text: string): void {
    this.insert(start, text);
    this.copied = end;
  }

  /** Holds back the text from `at` on, until `takeHeld`. */
  holdFrom(at: number): void {
    this.keepUpTo(at);
    this.isHolding = true;
  }

  /** The text held back, up to `end`; the caller writes what replaces it. */
  takeHeld(end: number): string {
    this.held.push(this.text.slice(this.copied, end));
    const held = this.held.join("");
    this.held = [];
    this.heldChars = 0;
    this.copied = end;
    this.isHolding = false;
    return held;
  }

  private flush(): string {
    if (!this.isHolding) this.keepUpTo(this.scanned);
    else if (this.scanned > this.copied) {
      this.heldChars += this.scanned - this.copied;
      if (this.heldChars > MAX_HELD_CHARS)
        throw new XmlRefusal("markup-size", `more than ${MAX_HELD_CHARS} characters held back`);
      this.held.push(this.text.slice(this.copied, this.scanned));
      this.copied = this.scanned;
    }
    const dropped = this.copied;
    this.text = this.text.slice(dropped);
    this.scanned -= dropped;
    this.copied = 0;
    this.onTextShift(dropped);
    const written = this.out.join("");
    this.out = [];
    return written;
  }
}
