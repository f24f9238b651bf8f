import { FIELD_WORDS } from "./mapping/header-words";
import { headerWords } from "./mapping/normalise";
import { cellText, isBlankCell, type CellValue } from "./sheet-model";
import { looksLikeSize } from "./sizes";

/** How far down a header row is looked for (title and note rows above it). */
export const HEADER_SCAN_ROWS = 30;

const KNOWN_NAMES: ReadonlySet<string> = new Set(FIELD_WORDS.map((word) => word.text));
/**
 * Known names of several words, which count when a longer header contains them; padded with spaces to match whole
 * words.
 */
const KNOWN_PHRASES: readonly string[] = [...KNOWN_NAMES]
  .filter((name) => name.includes(" "))
  .map((name) => ` ${name} `);
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

/**
 * How much a row reads like a header row: known names (and the `extra` words of the
 * account's vocabulary) count most, numbers count against. It runs over every cell of the
 * first rows just after a sheet is read, so it allocates next to nothing per cell.
 */
function scoreRow(cells: readonly CellValue[], extra: ReadonlySet<string>): { score: number; known: number } {
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
    const name = headerWords(cellText(cell));
    if (KNOWN_NAMES.has(name) || extra.has(name) || looksLikeSize(cellText(cell), NO_SIZES, true)) known++;
    else if (name.includes(" ") && hasKnownPhrase(` ${name} `)) known += 0.5;
  }
  if (labels + values < 2) return { score: 0, known };
  return { score: known * 3 + labels - values * 2, known };
}

/**
 * Whether a padded normalised header contains a known name of several words as whole words (as `containsWords` tells).
 */
function hasKnownPhrase(paddedName: string): boolean {
  for (const phrase of KNOWN_PHRASES) if (paddedName.includes(phrase)) return true;
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
  for (let rowIndex = 0; rowIndex < limit; rowIndex++) {
    const cells = rows[rowIndex];
    if (!cells) continue;
    const { score, known } = scoreRow(cells, extra);
    if (score > 0) candidates.push({ rowIndex, score, known });
  }
  return candidates.sort((a, b) => b.score - a.score || a.rowIndex - b.rowIndex);
}
