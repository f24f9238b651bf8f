import fc from "fast-check";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { CSV_PIECES } from "../../helpers/csv-rows";
import { guessLineEnd } from "../../../src/sheet/formats/guess-line-end";
import {
  CSV_DELIMITERS,
  type CsvDelimiter,
  delimiterScore,
  sniffDelimiter,
} from "../../../src/sheet/formats/sniff-delimiter";

/** The pieces of well-formed and malformed CSV: quote marks, every delimiter and line break, byte-order marks. */
const piece = fc.constantFrom(...CSV_PIECES, "\ufeff", "a,b;c", '"q, r"');
const texts = fc.array(piece, { maxLength: 300 }).map((pieces) => pieces.join(""));
/** Texts as a Windows export writes them, every line break "\r\n", with quoted values and lone quote marks. */
const windowsTexts = fc
  .array(fc.constantFrom(...CSV_PIECES.filter((p) => p !== "\r" && p !== "\n"), '"q\r\nr"'), { maxLength: 300 })
  .map((pieces) => pieces.join(""));
/** papaparse's guess of a text's line end. */
const papaparseLineEnd = (text: string) => Papa.parse(text, { delimiter: ",", preview: 1 }).meta.linebreak;

/** The sniffing with papaparse splitting each delimiter's first 60 rows, scored by the same rule. */
function papaparseSniff(text: string): CsvDelimiter {
  let sample = text.slice(0, 64 * 1024);
  const lastBreak = Math.max(sample.lastIndexOf("\n"), sample.lastIndexOf("\r"));
  if (text.length > 64 * 1024 && lastBreak > 0) sample = sample.slice(0, lastBreak);
  let best: CsvDelimiter = ",";
  let bestScore = 0;
  for (const delimiter of CSV_DELIMITERS) {
    const rows = Papa.parse<string[]>(sample, { delimiter, preview: 60 }).data.filter(
      (row) => row.length > 1 || (row[0] ?? "").trim() !== "",
    );
    const score = delimiterScore(rows.map((row) => row.length));
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

describe("the line end and delimiter of a CSV, as papaparse finds them", () => {
  it("guesses the line end papaparse guesses, quoted text, lone quote marks and Windows line breaks included", () => {
    fc.assert(
      fc.property(fc.oneof(texts, windowsTexts), (text) => {
        const withoutMark = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
        expect(guessLineEnd(withoutMark)).toBe(papaparseLineEnd(text));
      }),
      { numRuns: 6000 },
    );
  });

  it("looks no further than papaparse does, where a carriage return and its line feed are cut apart", () => {
    const limit = 1 << 20;
    // papaparse sees a lone carriage return at the end of what it looks at: "\r".
    const cutPair = `${"y".repeat(limit - 1)}\r\n`;
    // Beyond where it looks, a lone line feed changes nothing: "\r\n".
    const lateLoneFeed = `${'A-1,"Karori, North",7\r\n'.repeat(limit / 16)}\nz`;
    expect(guessLineEnd(cutPair)).toBe("\r");
    expect(guessLineEnd(lateLoneFeed)).toBe("\r\n");
    for (const text of [cutPair, lateLoneFeed]) expect(guessLineEnd(text)).toBe(papaparseLineEnd(text));
  });

  it("picks the delimiter that papaparse's splitting of the first rows picks", () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(sniffDelimiter(text)).toBe(papaparseSniff(text));
      }),
      { numRuns: 3000 },
    );
  });

  it("picks it from the first rows of a long file as papaparse does", () => {
    const row = (i: number) => `A-${i};"Karori, ""North""";${i % 7};x\r\n`;
    const text = Array.from({ length: 5000 }, (_, i) => row(i)).join("");
    expect(sniffDelimiter(text)).toBe(papaparseSniff(text));
    expect(sniffDelimiter(text)).toBe(";");
    expect(guessLineEnd(text)).toBe("\r\n");
  });
});
