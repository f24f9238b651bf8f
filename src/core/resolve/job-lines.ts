import { bandPrice, sumEstimates } from "../estimate";
import { raiseOnJob, type JobDraft } from "./job-draft";
import type { ResolvedLine } from "./resolve-row";

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Once one price-code line of an order has artwork, every price-code line needs it. */
function checkArtwork(draft: JobDraft, priceLines: readonly ResolvedLine[]): void {
  if (!priceLines.some((l) => l.artworkUrl)) return;
  for (const line of priceLines.filter((l) => !l.artworkUrl)) {
    raiseOnJob(
      draft,
      "ARTWORK_URL_MISSING",
      "artworkUrl",
      "Every price-code line of the order needs an artwork URL once one of them has one.",
      undefined,
      line.rowNumber,
    );
  }
}

/** Orders up to this many lines are looked over pair by pair for a repeat before any map is built. */
const PAIRWISE_LINES = 16;

/**
 * Whether two lines share a key (lines without one aside). Most orders are a few lines with none repeated: they are
 * compared pair by pair, and only a longer order (or one with a repeat) is worth a map.
 */
function mayRepeat(lines: readonly ResolvedLine[], keyOf: (line: ResolvedLine) => string | undefined): boolean {
  if (lines.length > PAIRWISE_LINES) return true;
  for (let i = 1; i < lines.length; i++) {
    const key = keyOf(lines[i] as ResolvedLine);
    if (!key) continue;
    for (let j = 0; j < i; j++) if (keyOf(lines[j] as ResolvedLine) === key) return true;
  }
  return false;
}

const referenceOf = (line: ResolvedLine) => line.customerReference;
const designOf = (line: ResolvedLine) => line.designKey;

/** Each line of an order needs its own customer reference: every repeat after the first is flagged. */
function checkReferences(draft: JobDraft, lines: readonly ResolvedLine[]): void {
  if (!mayRepeat(lines, referenceOf)) return;
  const references = new Map<string, number[]>();
  for (const line of lines) {
    if (!line.customerReference) continue;
    const rows = references.get(line.customerReference);
    if (rows) rows.push(line.rowNumber);
    else references.set(line.customerReference, [line.rowNumber]);
  }
  for (const [reference, rows] of references) {
    if (rows.length < 2) continue;
    const message =
      `The customer reference "${reference}" is also on row ${rows[0]}; ` + "each line of an order needs its own.";
    for (const rowNumber of rows.slice(1))
      raiseOnJob(draft, "CUSTOMER_REFERENCE_DUPLICATE", "customerReference", message, undefined, rowNumber);
  }
}

/**
 * Price-code lines of one design (code, answers, artwork): each is flagged with what one line of
 * them all would cost less.
 */
function checkDuplicateDesigns(draft: JobDraft, priceLines: readonly ResolvedLine[]): void {
  if (!mayRepeat(priceLines, designOf)) return;
  const designs = new Map<string, ResolvedLine[]>();
  for (const line of priceLines) {
    if (!line.designKey) continue;
    const same = designs.get(line.designKey);
    if (same) same.push(line);
    else designs.set(line.designKey, [line]);
  }
  for (const same of designs.values()) {
    if (same.length < 2 || same.some((l) => !l.estimate)) continue;
    const quantity = same.reduce((sum, l) => sum + (l.estimate?.quantity ?? 0), 0);
    const separate = sumEstimates(same.map((l) => l.estimate));
    const code = same[0]?.line?.code ?? "";
    const unitPrice = bandPrice(draft.context.catalogue.priceCode(code)?.priceBands ?? [], quantity);
    const combined =
      unitPrice === undefined ? separate : round2(quantity * unitPrice + (same[0]?.estimate?.oneOff ?? 0));
    const saving = round2(separate - combined);
    const rows = same.map((l) => l.rowNumber).join(", ");
    const message =
      `Rows ${rows} order the same design; ` +
      `as one line of ${quantity} the estimate is ${saving > 0 ? `${saving.toFixed(2)} less` : "the same"}.`;
    // No suggestion: the combined quantity fits no single cell unless the other rows go too.
    for (const line of same) raiseOnJob(draft, "DUPLICATE_DESIGN", "quantity", message, undefined, line.rowNumber);
  }
}

/** Checks an order's lines against each other: artwork on all or none, unique references, the same design twice. */
export function checkLinesAcross(draft: JobDraft, lines: readonly ResolvedLine[]): void {
  // A line alone has nothing to be compared with (and many orders are one line).
  if (lines.length < 2) return;
  const priceLines = lines.filter((l) => l.itemType === "PriceCode");
  checkArtwork(draft, priceLines);
  checkReferences(draft, lines);
  checkDuplicateDesigns(draft, priceLines);
}
