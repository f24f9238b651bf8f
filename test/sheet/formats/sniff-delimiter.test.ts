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
  it("guesses the line end papaparse guesses, quoted text and lone quote marks included", () => {
    fc.assert(
      fc.property(texts, (text) => {
        const withoutMark = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
        expect(guessLineEnd(withoutMark)).toBe(Papa.parse(text, { delimiter: ",", preview: 1 }).meta.linebreak);
      }),
      { numRuns: 3000 },
    );
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
