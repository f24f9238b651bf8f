import { FIELD_WORDS } from "./mapping/header-words";
import { headerWords } from "./mapping/normalise";
import { cellText, isBlankCell, type CellValue } from "./sheet-model";
import { looksLikeSize } from "./sizes";

/** How far down a header row is looked for (title and note rows above it). */
export const HEADER_SCAN_ROWS = 30;

const KNOWN_NAMES: ReadonlySet<string> = new Set(FIELD_WORDS.map((word) => word.text));
/**
 * Known names of several words, which count when a longer header contains them, by their first word: a header's words
 * are looked up instead of every phrase searched for. Built on first use.
 */
let phrasesByFirstWord: ReadonlyMap<string, readonly string[]> | undefined;
function knownPhrasesByFirstWord(): ReadonlyMap<string, readonly string[]> {
  if (phrasesByFirstWord) return phrasesByFirstWord;
  const byWord = new Map<string, string[]>();
  for (const name of KNOWN_NAMES) {
    const space = name.indexOf(" ");
    if (space === -1) continue;
    const first = name.slice(0, space);
    const phrases = byWord.get(first);
    if (phrases) phrases.push(name);
    else byWord.set(first, [name]);
  }
  phrasesByFirstWord = byWord;
  return byWord;
}
const NO_SIZES: ReadonlySet<string> = new Set();

export interface HeaderCandidate {
  /** 0-based index into the sheet's rows (row number - 1). */
  readonly rowIndex: number;
  readonly score: number;
  /** How many cells name a known field, size or attribute. */
  readonly known: number;
}

function isLabelLike(value: CellValue): boolean {
  if (typeof value !== "string") return false;
  const text = value.trim();
  return text !== "" && text.length <= 60 && !/^[-+]?[\d.,]+$/.test(text);
}

/** What a label adds to a header's score: 1 when it names a known field, size or attribute, 0.5 when it holds one. */
function labelCredit(text: string, extra: ReadonlySet<string>): number {
  const name = headerWords(text);
  if (KNOWN_NAMES.has(name) || extra.has(name) || looksLikeSize(text, NO_SIZES, true)) return 1;
  return name.includes(" ") && hasKnownPhrase(name) ? 0.5 : 0;
}

/**
 * How much a row reads like a header row: known names (and the `extra` words of the
 * account's vocabulary) count most, numbers count against. It runs over every cell of the
 * first rows just after a sheet is read, so each text is judged once (`credits` remembers it:
 * the same values repeat down the rows).
 */
function scoreRow(
  cells: readonly CellValue[],
  extra: ReadonlySet<string>,
  credits: Map<string, number>,
): { score: number; known: number } {
  let known = 0;
  let labels = 0;
  let values = 0;
  for (const cell of cells) {
    if (isBlankCell(cell)) continue;
    if (!isLabelLike(cell)) {
      values++;
      continue;
    }
    labels++;
    const text = cellText(cell);
    let credit = credits.get(text);
    if (credit === undefined) credits.set(text, (credit = labelCredit(text, extra)));
    known += credit;
  }
  if (labels + values < 2) return { score: 0, known };
  return { score: known * 3 + labels - values * 2, known };
}

/**
 * Whether a normalised header contains a known name of several words as whole words (as `containsWords` tells): each
 * word of it is tried as the start of the phrases that begin with it.
 */
function hasKnownPhrase(name: string): boolean {
  const byFirstWord = knownPhrasesByFirstWord();
  for (let start = 0; start < name.length; ) {
    const space = name.indexOf(" ", start);
    const wordEnd = space === -1 ? name.length : space;
    for (const phrase of byFirstWord.get(name.slice(start, wordEnd)) ?? []) {
      const end = start + phrase.length;
      if (name.startsWith(phrase, start) && (end === name.length || name.charCodeAt(end) === 0x20)) return true;
    }
    if (space === -1) break;
    start = space + 1;
  }
  return false;
}

/**
 * Finds the header row among the first rows of a sheet: the best-scoring row, the earliest on
 * a tie. Candidates are returned best first so a user can be offered the alternatives.
 */
export function detectHeaderRow(
  rows: readonly (readonly CellValue[] | undefined)[],
  vocabulary: readonly string[] = [],
): HeaderCandidate[] {
  const candidates: HeaderCandidate[] = [];
  const limit = Math.min(rows.length, HEADER_SCAN_ROWS);
  const extra = new Set(vocabulary.map(headerWords));
  const credits = new Map<string, number>();
  for (let rowIndex = 0; rowIndex < limit; rowIndex++) {
    const cells = rows[rowIndex];
    if (!cells) continue;
    const { score, known } = scoreRow(cells, extra, credits);
    if (score > 0) candidates.push({ rowIndex, score, known });
  }
  return candidates.sort((a, b) => b.score - a.score || a.rowIndex - b.rowIndex);
}
