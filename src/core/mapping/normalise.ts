import { remembered } from "../remembered";

const NORMALISED_MEMO_LIMIT = 20_000;

/**
 * Lower case, accents dropped (ß as ss), `#` and `No.` read as "number", punctuation as spaces. The same few headers
 * and attribute names come up on every row: they are remembered.
 */
export const normaliseHeader: (text: string) => string = remembered(NORMALISED_MEMO_LIMIT, normaliseUncached);

function normaliseUncached(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/#/g, " number ")
    .replace(/\bno\b\.?/g, " number ")
    .replace(/\bnr\b\.?/g, " number ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * A header as the mapping compares it with field words: normalised, and with the words of camel case apart
 * ("PriceCode", "InkColours") and "N°" read as "number". Kept apart from `normaliseHeader`, whose output is stored in
 * saved templates' signatures.
 */
export function headerWords(text: string): string {
  return normaliseHeader(text.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/\b[Nn][°º]/g, " number "));
}

/** Levenshtein distance, for short strings such as headers. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? Math.max(a.length, b.length);
}

/**
 * Whether two normalised texts can reach `threshold` similarity at all: lengths further apart than that take more
 * edits than it allows, so the edit distance need not be worked out (most header and field-word pairs).
 */
export function canBeSimilar(a: string, b: string, threshold: number): boolean {
  const x = a.length - countSpaces(a);
  const y = b.length - countSpaces(b);
  return Math.abs(x - y) <= (1 - threshold) * Math.max(x, y);
}

function countSpaces(text: string): number {
  let spaces = 0;
  for (let i = text.indexOf(" "); i !== -1; i = text.indexOf(" ", i + 1)) spaces++;
  return spaces;
}

/** Similarity of two normalised texts, 0..1, ignoring spaces: 1 - edits / longer length. */
export function similarity(a: string, b: string): number {
  const x = a.replace(/ /g, "");
  const y = b.replace(/ /g, "");
  const longer = Math.max(x.length, y.length);
  return longer === 0 ? 1 : 1 - editDistance(x, y) / longer;
}

/** The item scoring highest (the first of equals), when it scores at least `threshold`. */
export function closestBy<T>(items: Iterable<T>, score: (item: T) => number, threshold: number): T | undefined {
  let best: T | undefined;
  let bestScore = -Infinity;
  for (const item of items) {
    const itemScore = score(item);
    if (itemScore > bestScore) {
      best = item;
      bestScore = itemScore;
    }
  }
  return bestScore >= threshold ? best : undefined;
}

/** Whether `phrase` appears in `text` as whole words (both normalised). */
export function containsWords(text: string, phrase: string): boolean {
  return phrase !== "" && ` ${text} `.includes(` ${phrase} `);
}
