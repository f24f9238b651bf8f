import type { ValueEvidence } from "./column-evidence";
import { targetKeyOf, type Candidate } from "./mapping-candidates";
import type { MappingTarget } from "./sheet-mapping";

/** A header this sure of what it names keeps it, unless three or more values are the account's own things. */
export const CLEAR_HEADER = 0.9;
/** How sure telling values alone make a column: below a header naming the field outright, above a word of it. */
const TELLING_VALUES = 0.8;
/** Values of a form that fits many columns (whole numbers, dates, order numbers in runs) are a last resort. */
const FORM_VALUES = 0.5;
/** How many values it takes for them to take a column from a clear header: one or two may be chance. */
const VALUES_OVER_HEADER = 3;

const shareOf = (evidence: ValueEvidence) => evidence.matched / evidence.total;
const valuesConfidence = (evidence: ValueEvidence) =>
  (evidence.telling ? TELLING_VALUES : FORM_VALUES) * shareOf(evidence);

/**
 * What a column's values add to its header's candidates, each with the evidence in words:
 * - a candidate of the header the values agree with is made surer (a clear one is sure enough already);
 * - else, beside a clear header, telling values of three rows or more take the column over, saying so;
 * - else the values' own target, as sure as they are, for the header's weaker words to compete with.
 * `quantityByValues` is false in a wide layout, where the size columns give the quantities.
 */
export function valueCandidates(
  column: number,
  fromHeader: readonly Candidate[],
  evidence: readonly ValueEvidence[],
  quantityByValues: boolean,
): Candidate[] {
  const usable = evidence.filter((e) => quantityByValues || targetKeyOf(e.target) !== "field:quantity");
  for (const agreeing of usable) {
    const same = fromHeader.find((c) => c.targetKey === targetKeyOf(agreeing.target));
    if (same === undefined) continue;
    // A clear header the values agree with is sure enough; a header word or near spelling gets surer.
    if (same.confidence >= CLEAR_HEADER) return [];
    const confidence = Math.max(same.confidence, valuesConfidence(agreeing)) + 0.05;
    return [{ ...same, confidence, evidence: agreeing.text }];
  }
  const primary = usable[0];
  if (primary === undefined) return [];
  const clearest = Math.max(0, ...fromHeader.map((c) => c.confidence));
  const target = primary.target;
  const targetKey = targetKeyOf(target);
  if (clearest < CLEAR_HEADER)
    return [
      { column, target, targetKey, confidence: valuesConfidence(primary), reason: "values", evidence: primary.text },
    ];
  if (!primary.telling || primary.total < VALUES_OVER_HEADER || shareOf(primary) < 0.8) return [];
  const text = `${primary.text}, so its header is not taken at its word`;
  return [{ column, target, targetKey, confidence: clearest + 0.01, reason: "values", evidence: text }];
}

/**
 * What a column's values say beside what it is mapped to: that they fit it; what they are, for an unmapped column;
 * that they look like something else, beside a header taken at its word (telling values only: whole numbers fit many
 * columns).
 */
export function evidenceTextFor(target: MappingTarget | null, evidence: readonly ValueEvidence[]): string | undefined {
  const fitting = target && evidence.find((e) => targetKeyOf(e.target) === targetKeyOf(target));
  if (fitting) return fitting.text;
  const primary = evidence[0];
  if (primary === undefined) return undefined;
  if (target === null) return primary.text;
  return primary.telling ? `${primary.text}; mapped as its header says` : undefined;
}
