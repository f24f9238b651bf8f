import { SHEET_LIMITS } from "../../limits";
import { cellTooLong, tooManyCells } from "./refusals";
import type { SharedStrings } from "./sheet-store";
import { HAS_TEXT } from "./value-tests";
import { decodeEscapedCharacters } from "../../xml/xml-text";
import type { XmlStartTag } from "../../xml/xml-event-scanner";

/** `_x000D_` is 7 characters standing for one: a text can be that much longer as written. */
const ESCAPE_LENGTH = 7;

/**
 * Reads `xl/sharedStrings.xml`: each `<si>` as plain text, rich text runs joined, phonetic
 * guides (`<rPh>`) left out, Excel's `_xHHHH_` escapes decoded. A text longer than a cell
 * can hold, or more texts than cells a workbook may have, stop the reading.
 */
export function createSharedStringsReader(fileName: string) {
  const { maxCellChars, maxCells } = SHEET_LIMITS.xlsx;
  const texts: string[] = [];
  let current = "";
  let isInItem = false;
  let phoneticDepth = 0;
  /** An item's text as written (XML-decoded), at its end. */
  const addText = (written: string) => {
    const text = decodeEscapedCharacters(written);
    if (text.length > maxCellChars) throw cellTooLong(fileName, "one of the shared texts");
    if (texts.length >= maxCells) throw tooManyCells(fileName);
    texts.push(text);
  };
  const handler = {
    wantsText: false,
    open(tag: XmlStartTag) {
      switch (tag.name) {
        case "si":
          isInItem = true;
          current = "";
          break;
        case "t":
          handler.wantsText = isInItem && phoneticDepth === 0;
          break;
        case "rPh":
          phoneticDepth++;
          break;
      }
    },
    close(name: string) {
      switch (name) {
        case "t":
          handler.wantsText = false;
          break;
        case "rPh":
          phoneticDepth--;
          break;
        case "si":
          addText(current);
          isInItem = false;
          current = "";
          break;
      }
    },
    text(text: string) {
      current += text;
      if (current.length > maxCellChars * ESCAPE_LENGTH) throw cellTooLong(fileName, "one of the shared texts");
    },
  };
  return {
    handler,
    /** The same reader, for the items the byte scanner reads. */
    addText,
    strings(): SharedStrings {
      const isBlank = new Uint8Array(texts.length);
      for (let i = 0; i < texts.length; i++) isBlank[i] = HAS_TEXT.test(texts[i] as string) ? 0 : 1;
      return { texts, isBlank };
    },
  };
}
