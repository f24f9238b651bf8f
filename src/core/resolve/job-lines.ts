import { bandPrice, sumEstimates } from "../estimate";
import { raiseOnJob, type JobDraft } from "./job-draft";
import type { LineDesign } from "./line-draft";
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
 * Whether two lines may be alike (`same`). Most orders are a few lines with none repeated: they are compared pair by
 * pair, and only a longer order (or one with a repeat) is worth a map.
 */
function mayRepeat(lines: readonly ResolvedLine[], same: (a: ResolvedLine, b: ResolvedLine) => boolean): boolean {
  if (lines.length > PAIRWISE_LINES) return true;
  for (let i = 1; i < lines.length; i++)
    for (let j = 0; j < i; j++) if (same(lines[i] as ResolvedLine, lines[j] as ResolvedLine)) return true;
  return false;
}

const sameReference = (a: ResolvedLine, b: ResolvedLine) =>
  a.customerReference !== undefined && a.customerReference !== "" && a.customerReference === b.customerReference;

/** Whether two lines are one design, compared part by part: no key is made for an order with no repeat. */
function sameDesign(a: ResolvedLine, b: ResolvedLine): boolean {
  const one = a.design;
  const other = b.design;
  if (!one || !other) return false;
  if (one.code !== other.code || one.artworkUrl !== other.artworkUrl || one.isSample !== other.isSample) return false;
  const names = Object.keys(one.answers);
  if (names.length !== Object.keys(other.answers).length) return false;
  for (const name of names)
    if (!Object.hasOwn(other.answers, name) || `${one.answers[name]}` !== `${other.answers[name]}`) return false;
  return true;
}

/** Code, answers (in name order), artwork and sample flag as one text: lines of one design have one key. */
function designKeyOf({ code, answers, artworkUrl, isSample }: LineDesign): string {
  const names = Object.keys(answers).sort();
  let key = `${code}\u0000${artworkUrl ?? ""}\u0000${isSample}`;
  for (const name of names) key += `\u0000${name}=${answers[name]}`;
  return key;
}

/** Each line of an order needs its own customer reference: every repeat after the first is flagged. */
function checkReferences(draft: JobDraft, lines: readonly ResolvedLine[]): void {
  if (!mayRepeat(lines, sameReference)) return;
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
  if (!mayRepeat(priceLines, sameDesign)) return;
  const designs = new Map<string, ResolvedLine[]>();
  for (const line of priceLines) {
    if (!line.design) continue;
    const key = designKeyOf(line.design);
    const same = designs.get(key);
    if (same) same.push(line);
    else designs.set(key, [line]);
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
