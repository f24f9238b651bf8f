import { IMPORT_FIELDS, type FieldId } from "../fields";
import { looksLikeSize, sizeKey } from "../sizes";
import { containsWords, normaliseHeader, similarity } from "./normalise";
import type { ColumnAssignment, MappingTarget, MatchReason, SheetMapping } from "./sheet-mapping";

/** What the service says a sheet's columns may answer, beyond the fixed fields. */
export interface MappingVocabulary {
  /** Attribute names and labels exactly as the service returned them. */
  readonly attributes: readonly string[];
  /** Size labels from the size sets and stock size runs. */
  readonly sizes: readonly string[];
}

export const EMPTY_VOCABULARY: MappingVocabulary = { attributes: [], sizes: [] };

/** Every name a vocabulary holds, as header-row detection takes them. */
export const vocabularyWords = (vocabulary: MappingVocabulary | undefined): string[] => (vocabulary ? [...vocabulary.attributes, ...vocabulary.sizes] : []);

interface Candidate {
  readonly column: number;
  readonly target: MappingTarget;
  readonly targetKey: string;
  readonly confidence: number;
  readonly reason: MatchReason;
}

/** Below this, similar-looking words are more often different words ("proto" and "promo"). */
const FUZZY_THRESHOLD = 0.84;

interface Spelling {
  readonly field: FieldId;
  readonly text: string;
  readonly isLabel: boolean;
}

const SPELLINGS: readonly Spelling[] = IMPORT_FIELDS.flatMap((field) => [
  { field: field.id, text: normaliseHeader(field.label), isLabel: true },
  ...field.synonyms.map((synonym) => ({ field: field.id, text: normaliseHeader(synonym), isLabel: false })),
]);

/** The best way a header names a field, if it names one at all. */
function fieldCandidate(column: number, header: string): Candidate[] {
  const candidates: Candidate[] = [];
  const best = new Map<FieldId, { confidence: number; reason: MatchReason }>();
  const offer = (field: FieldId, confidence: number, reason: MatchReason) => {
    if ((best.get(field)?.confidence ?? 0) < confidence) best.set(field, { confidence, reason });
  };
  for (const spelling of SPELLINGS) {
    if (header === spelling.text) offer(spelling.field, spelling.isLabel ? 1 : 0.95, spelling.isLabel ? "label" : "synonym");
    else if (spelling.text.length >= 3 && containsWords(header, spelling.text)) {
      // "Customer PO number" names the order number. A single word says less, and only in a
      // short header ("Qty ordered"); in a longer one ("Internal notes 2") it is a guess too far.
      const isPhrase = spelling.text.includes(" ");
      if (isPhrase) offer(spelling.field, 0.75, "contains");
      else if (header.split(" ").length <= 2) offer(spelling.field, 0.55, "contains");
    } else {
      const score = similarity(header, spelling.text);
      if (score >= FUZZY_THRESHOLD) offer(spelling.field, 0.85 * score, "fuzzy");
    }
  }
  for (const [field, { confidence, reason }] of best) {
    candidates.push({ column, target: { kind: "field", field }, targetKey: `field:${field}`, confidence, reason });
  }
  return candidates;
}

/**
 * Suggests what each column feeds, each with a confidence: fields by label, synonym, words
 * contained and fuzzy similarity; attribute columns by the service's attribute names and
 * labels; size columns of a wide layout. Each field, size and attribute goes to one column at
 * most, best match first; everything else stays unmapped and is kept.
 */
export function suggestMapping(headers: readonly string[], vocabulary: MappingVocabulary = EMPTY_VOCABULARY): SheetMapping {
  const normalised = headers.map(normaliseHeader);
  const attributes = new Map<string, string>();
  for (const attribute of vocabulary.attributes) {
    const key = normaliseHeader(attribute);
    if (key !== "" && !attributes.has(key)) attributes.set(key, attribute);
  }
  const catalogueSizes = new Set(vocabulary.sizes.map(sizeKey));
  // Bare numbers count as sizes beside another size-like header ("8, 10, 12" or "XL, 8").
  const maybeSize = headers.map((header) => looksLikeSize(header, catalogueSizes, true));
  const sizeLike = headers.map(
    (header, i) => looksLikeSize(header, catalogueSizes, false) || (maybeSize[i] === true && (maybeSize[i - 1] === true || maybeSize[i + 1] === true)),
  );
  // One size-like header on its own is more likely something else ("M" for medium, or not).
  const isWideLayout = sizeLike.filter(Boolean).length >= 2;

  const candidates: Candidate[] = [];
  normalised.forEach((header, column) => {
    if (header === "") return;
    const attribute = attributes.get(header);
    if (attribute !== undefined) {
      candidates.push({ column, target: { kind: "attribute", attribute }, targetKey: `attribute:${header}`, confidence: 0.97, reason: "attribute" });
    } else {
      for (const [key, name] of attributes) {
        const score = similarity(header, key);
        if (score >= 0.85) candidates.push({ column, target: { kind: "attribute", attribute: name }, targetKey: `attribute:${key}`, confidence: 0.8 * score, reason: "fuzzy" });
      }
    }
    if (isWideLayout && sizeLike[column]) {
      const size = (headers[column] ?? "").trim();
      candidates.push({ column, target: { kind: "size", size }, targetKey: `size:${sizeKey(size)}`, confidence: 0.9, reason: "size" });
    }
    candidates.push(...fieldCandidate(column, header));
  });

  candidates.sort((a, b) => b.confidence - a.confidence || a.column - b.column);
  const byColumn = new Map<number, Candidate>();
  const taken = new Set<string>();
  for (const candidate of candidates) {
    if (byColumn.has(candidate.column) || taken.has(candidate.targetKey)) continue;
    byColumn.set(candidate.column, candidate);
    taken.add(candidate.targetKey);
  }
  const columns: ColumnAssignment[] = headers.map((header, column) => {
    const chosen = byColumn.get(column);
    return chosen
      ? { column, header, target: chosen.target, confidence: Math.round(chosen.confidence * 100) / 100, reason: chosen.reason }
      : { column, header, target: null, confidence: 0, reason: null };
  });
  return { columns };
}
