import { IMPORT_FIELDS } from "./fields";
import { containsWords, normaliseHeader } from "./mapping/normalise";
import { cellText, isBlankCell, type CellValue } from "./sheet-model";
import { looksLikeSize } from "./sizes";

/** How far down a header row is looked for (title and note rows above it). */
export const HEADER_SCAN_ROWS = 30;

const KNOWN_NAMES: ReadonlySet<string> = new Set(IMPORT_FIELDS.flatMap((field) => [field.label, ...field.synonyms].map(normaliseHeader)));
/** Known names of several words, which count when a longer header contains them. */
const KNOWN_PHRASES: readonly string[] = [...KNOWN_NAMES].filter((name) => name.includes(" "));
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

/** How much a row reads like a header row: known names count most, numbers count against. */
export function scoreHeaderRow(cells: readonly CellValue[], vocabulary: readonly string[] = []): { score: number; known: number } {
  const extra = new Set(vocabulary.map(normaliseHeader));
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
    const name = normaliseHeader(cellText(cell));
    if (KNOWN_NAMES.has(name) || extra.has(name) || looksLikeSize(cellText(cell), NO_SIZES, true)) known++;
    else if (KNOWN_PHRASES.some((phrase) => containsWords(name, phrase))) known += 0.5;
  }
  if (labels + values < 2) return { score: 0, known };
  return { score: known * 3 + labels - values * 2, known };
}

/**
 * Finds the header row among the first rows of a sheet: the best-scoring row, the earliest on
 * a tie. Candidates are returned best first so a user can be offered the alternatives.
 */
export function detectHeaderRow(rows: readonly (readonly CellValue[] | undefined)[], vocabulary: readonly string[] = []): HeaderCandidate[] {
  const candidates: HeaderCandidate[] = [];
  const limit = Math.min(rows.length, HEADER_SCAN_ROWS);
  for (let rowIndex = 0; rowIndex < limit; rowIndex++) {
    const cells = rows[rowIndex];
    if (!cells) continue;
    const { score, known } = scoreHeaderRow(cells, vocabulary);
    if (score > 0) candidates.push({ rowIndex, score, known });
  }
  return candidates.sort((a, b) => b.score - a.score || a.rowIndex - b.rowIndex);
}
