import { IMPORT_FIELDS, type FieldId, type ImportField } from "../fields";
import type { SheetRow } from "../sheet-model";
import { looksLikeSize, sizeKey } from "../sizes";
import { questionHeaderInEnglish } from "./question-words";
import { columnEvidence, fitsNumberQuestion, type ValueEvidence, type ValueLists } from "./column-evidence";
import { targetKeyOf, type Candidate } from "./mapping-candidates";
import { evidenceTextFor, valueCandidates } from "./value-candidates";
import { columnValues, isTotalsRow, type ColumnValues } from "./column-samples";
import { FIELD_WORDS } from "./header-words";
import { canBeSimilar, containsWords, headerWords, normaliseHeader, similarity } from "./normalise";
import type { ColumnAssignment, MappingTarget, MatchReason, SheetMapping } from "./sheet-mapping";
import { isResultColumn } from "../result-rows";

/** How much of a header is matched against field names. */
const MATCHED_HEADER_LENGTH = 120;

/** What the service says a sheet's columns may answer, beyond the fixed fields. */
export interface MappingVocabulary {
  /** Attribute names and labels exactly as the service returned them. */
  readonly attributes: readonly string[];
  /** Size labels from the size sets and stock size runs. */
  readonly sizes: readonly string[];
  /** The account's values a column can be told by; without them, values are tested by their form alone. */
  readonly values?: ValueLists | undefined;
}

export const EMPTY_VOCABULARY: MappingVocabulary = { attributes: [], sizes: [] };

/** Every name a vocabulary holds, as header-row detection takes them. */
export const vocabularyWords = (vocabulary: MappingVocabulary | undefined): string[] =>
  vocabulary ? [...vocabulary.attributes, ...vocabulary.sizes] : [];

/** Below this, similar-looking words are more often different words ("proto" and "promo"). */
const FUZZY_THRESHOLD = 0.84;

/**
 * Synonyms that name their field only as the whole header. Inside a longer one they describe
 * something else: "Unit" is an address line, "Unit price" and "Unit est." are money.
 */
const WHOLE_HEADER_ONLY: ReadonlySet<string> = new Set(["unit", "building"]);

/**
 * Words that make a header about money: a single field word beside one ("Item price", "Order
 * value", "Style cost") names what is priced, not the field.
 */
const MONEY_WORDS: ReadonlySet<string> = new Set([
  "price",
  "prices",
  "cost",
  "costs",
  "est",
  "estimate",
  "estimated",
  "rate",
  "value",
  "charge",
  "fee",
  "tax",
  "gst",
  "vat",
  "preis",
  "kosten",
  "prix",
  "cout",
  "precio",
  "coste",
  "prezzo",
  "costo",
]);

/** Each field's kind of value, where the field says (fields.ts). */
const FIELD_VALUES: ReadonlyMap<string, ImportField["values"]> = new Map(
  (IMPORT_FIELDS as readonly ImportField[]).map((field) => [field.id, field.values]),
);

/**
 * Whether a column's sample values can be the target's: a text-only field never takes a column
 * of numbers ("Unit price" is not Address line 2) and a number field or size never takes a
 * column without a digit in it. Without samples the header alone decides.
 */
function fitsValues(target: MappingTarget, values: ColumnValues): boolean {
  if (target.kind === "attribute") return fitsQuestionName(headerWords(target.attribute).split(" "), values);
  const kind = target.kind === "size" ? "number" : FIELD_VALUES.get(target.field);
  if (kind === "text") return values !== "numbers";
  if (kind === "number") return values !== "words";
  return true;
}

/**
 * Whether a column's values can answer a question by what its name says it asks: a number ("Player number") is
 * numbers, a name ("Player name") never is.
 */
function fitsQuestionName(words: readonly string[], values: ColumnValues): boolean {
  if (values === "unknown") return true;
  if (words.includes("number")) return values === "numbers";
  return !(words.includes("name") && values === "numbers");
}

/** Whether one field word names a short header ("Qty ordered"), rather than qualifying it. */
function isWordOfShortHeader(header: string, word: string): boolean {
  const words = header.split(" ");
  if (words.length > 2 || WHOLE_HEADER_ONLY.has(word)) return false;
  return !words.some((other) => other !== word && MONEY_WORDS.has(other));
}

/** Whether a header holds `text` as whole words (`text` of three characters at least: shorter says nothing). */
const isContained = (header: string, text: string) => text.length >= 3 && containsWords(header, text);

/**
 * How surely a header that contains `text` (as whole words) names what it names, or undefined
 * when containing it says too little. "Customer PO
 * number" names the order number. A single word says less, and only in a short header ("Qty
 * ordered"); in a longer one ("Internal notes 2") it is a guess too far, and beside a money word
 * ("Unit price") it names what is priced. Of a short header's two words the last names what the
 * column holds ("Garment fabric" is a fabric), so it is a little surer than the first.
 */
function containedConfidence(header: string, text: string): number | undefined {
  if (text.includes(" ")) return 0.75;
  if (!isWordOfShortHeader(header, text)) return undefined;
  return header.endsWith(` ${text}`) ? 0.56 : 0.55;
}

/**
 * How surely a header names a question loosely written, if it does: one word of its name or label ("Colours" for
 * "Ink colours (Pantone)", "Name" for "Player name"), its first word even when short ("Ink"), or a short header ending
 * in its last word ("Shirt number" for "Player number"). Less sure than any field's own word.
 */
function looseQuestionConfidence(header: string, attributeKey: string): number | undefined {
  const words = header.split(" ");
  const [first] = attributeKey.split(" ");
  if (words.length === 1) {
    if (header.length >= 4 && containsWords(attributeKey, header)) return 0.6;
    return header.length === 3 && header === first ? 0.55 : undefined;
  }
  const last = words[words.length - 1] ?? "";
  return words.length <= 3 && last.length >= 4 && attributeKey.endsWith(` ${last}`) ? 0.5 : undefined;
}

/** A header cut short is less sure than a near spelling ("Adress" is an address, not "Adresszusatz" cut short). */
const ABBREVIATION_CONFIDENCE = 0.7;

/** Field names of one word: words in their own right, never taken for the start of a longer one. */
const WHOLE_WORDS: ReadonlySet<string> = new Set(
  FIELD_WORDS.filter((word) => !word.text.includes(" ")).map((word) => word.text),
);

/** Whether `word` is `whole` with letters left out inside, first and last kept ("cols" for "colours", "mgr"). */
function isContraction(word: string, whole: string): boolean {
  if (word[0] !== whole[0] || word[word.length - 1] !== whole[whole.length - 1]) return false;
  let at = 0;
  for (const letter of whole) if (letter === word[at]) at++;
  return at === word.length;
}

/** Shortest start of a word taken for the word alone ("Deli" for "delivery"; "Del" only beside another word). */
const ABBREVIATION_MIN_LETTERS = 4;

/**
 * Whether a header is `text` with words cut short, word for word ("Deliv date", "Desc", "Addr 1", "Ship meth"):
 * each of its words starts the word in the same place, and at least one is cut, to four letters or more. A short
 * word may be cut to three when it is the only word cut in a header of several ("Org name").
 */
function isAbbreviation(header: string, text: string): boolean {
  const cut = header.split(" ");
  const full = text.split(" ");
  if (cut.length !== full.length) return false;
  let shortened = 0;
  for (let i = 0; i < cut.length; i++) {
    const word = cut[i] ?? "";
    const whole = full[i] ?? "";
    if (word === whole) continue;
    // A letter or two short is a misspelling or a plural ("Adress", "Unit"), for the fuzzy match to judge.
    if (!(whole.startsWith(word) || isContraction(word, whole)) || whole.length - word.length < 2 || /\d/.test(word))
      return false;
    // A header of one whole word is not another word cut short ("Design" is not "Designation").
    if (cut.length === 1 && WHOLE_WORDS.has(word)) return false;
    const least = cut.length > 1 ? ABBREVIATION_MIN_LETTERS - 1 : ABBREVIATION_MIN_LETTERS;
    if (word.length < least) return false;
    shortened++;
  }
  return shortened > 0;
}

/** The best way a header names a field, if it names one at all. */
function fieldCandidate(column: number, header: string): Candidate[] {
  const candidates: Candidate[] = [];
  const best = new Map<FieldId, { confidence: number; reason: MatchReason }>();
  const offer = (field: FieldId, confidence: number, reason: MatchReason) => {
    if ((best.get(field)?.confidence ?? 0) < confidence) best.set(field, { confidence, reason });
  };
  for (const spelling of FIELD_WORDS) {
    if (header === spelling.text)
      offer(spelling.field, spelling.isLabel ? 1 : 0.95, spelling.isLabel ? "label" : "synonym");
    else if (isContained(header, spelling.text)) {
      const contained = containedConfidence(header, spelling.text);
      if (contained !== undefined) offer(spelling.field, contained, "contains");
    } else if (!spelling.isForeign && isAbbreviation(header, spelling.text)) {
      offer(spelling.field, ABBREVIATION_CONFIDENCE, "abbreviation");
    } else {
      const score = canBeSimilar(header, spelling.text, FUZZY_THRESHOLD) ? similarity(header, spelling.text) : 0;
      if (score >= FUZZY_THRESHOLD) offer(spelling.field, 0.85 * score, "fuzzy");
    }
  }
  for (const [field, { confidence, reason }] of best) {
    candidates.push({ column, target: { kind: "field", field }, targetKey: `field:${field}`, confidence, reason });
  }
  return candidates;
}

/** What the header tests share for one sheet: the account's attribute names and the size-like headers. */
interface HeaderContext {
  readonly headers: readonly string[];
  readonly attributes: ReadonlyMap<string, string>;
  readonly sizeLike: readonly boolean[];
  readonly isWideLayout: boolean;
}

function headerContext(headers: readonly string[], vocabulary: MappingVocabulary): HeaderContext {
  const attributes = new Map<string, string>();
  // An attribute spelled as the header is first ("Vinyl colour" over "VinylColour"); camel case read as words after.
  for (const spell of [normaliseHeader, headerWords]) {
    for (const attribute of vocabulary.attributes) {
      const key = spell(attribute);
      if (key !== "" && !attributes.has(key)) attributes.set(key, attribute);
    }
  }
  const catalogueSizes = new Set(vocabulary.sizes.map(sizeKey));
  // Bare numbers count as sizes beside another size-like header ("8, 10, 12" or "XL, 8").
  const maybeSize = headers.map((header) => looksLikeSize(header, catalogueSizes, true));
  const sizeLike = headers.map(
    (header, i) =>
      looksLikeSize(header, catalogueSizes, false) ||
      (maybeSize[i] === true && (maybeSize[i - 1] === true || maybeSize[i + 1] === true)),
  );
  // One size-like header on its own is more likely something else ("M" for medium, or not).
  return { headers, attributes, sizeLike, isWideLayout: sizeLike.filter(Boolean).length >= 2 };
}

/** The ways a header names a question of the account: its name or label, a near spelling, or a word of it. */
function attributeCandidates(column: number, header: string, context: HeaderContext): Candidate[] {
  const exact = context.attributes.get(header);
  const candidate = (attribute: string, confidence: number, reason: MatchReason): Candidate => {
    const target = { kind: "attribute", attribute } as const;
    return { column, target, targetKey: targetKeyOf(target), confidence, reason };
  };
  if (exact !== undefined) return [candidate(exact, 0.97, "attribute")];
  const candidates: Candidate[] = [];
  for (const [key, name] of context.attributes) {
    const score = canBeSimilar(header, key, 0.85) ? similarity(header, key) : 0;
    if (score >= 0.85) candidates.push(candidate(name, 0.8 * score, "fuzzy"));
    else {
      // Loose readings go by the name's words ("player number"), never by its camel case run together.
      const inWords = key === headerWords(name);
      const contained = isContained(header, key)
        ? containedConfidence(header, key)
        : inWords
          ? looseQuestionConfidence(header, key)
          : undefined;
      if (contained !== undefined) candidates.push(candidate(name, contained, "contains"));
      else if (inWords && isAbbreviation(header, key))
        candidates.push(candidate(name, ABBREVIATION_CONFIDENCE, "abbreviation"));
    }
  }
  return candidates;
}

/** Words of a per-row total beside size columns ("Total qty", "Qté totale"): the sizes give the quantity. */
const TOTAL_WORDS = /\b(total|totals|totale|totaal|gesamt|insgesamt|summe|som)\b/;
/** Money is never a field: "Unit $" is a price, not an address line. */
const MONEY_SIGN = /[$€£¥]/;

/** How much less sure a question read through another language's words is than one read in English. */
const TRANSLATED = 0.9;

/**
 * The ways a header names a question of the account, in English or, failing that, through the words of another
 * language ("Giocatore" for "Player name", "Druckfarben" for "Ink colours (Pantone)").
 */
function questionCandidates(column: number, header: string, context: HeaderContext): Candidate[] {
  const own = attributeCandidates(column, header, context);
  if (own.length > 0) return own;
  const best = new Map<string, Candidate>();
  for (const english of questionHeaderInEnglish(header))
    for (const candidate of attributeCandidates(column, english, context)) {
      const known = best.get(candidate.targetKey);
      if (!known || known.confidence < candidate.confidence) best.set(candidate.targetKey, candidate);
    }
  return [...best.values()].map((c) => ({ ...c, confidence: c.confidence * TRANSLATED, reason: "translation" }));
}

/** Every way one column's header names a field, a size of a wide layout or a question. */
function headerCandidates(column: number, header: string, context: HeaderContext): Candidate[] {
  if (MONEY_SIGN.test(context.headers[column] ?? "")) return [];
  const candidates = questionCandidates(column, header, context);
  if (context.isWideLayout && context.sizeLike[column]) {
    const size = (context.headers[column] ?? "").trim().slice(0, MATCHED_HEADER_LENGTH);
    const target = { kind: "size", size } as const;
    candidates.push({ column, target, targetKey: targetKeyOf(target), confidence: 0.9, reason: "size" });
  }
  const fields = fieldCandidate(column, header);
  const perRowTotal = context.isWideLayout && TOTAL_WORDS.test(header);
  candidates.push(...fields.filter((c) => !(perRowTotal && c.targetKey === "field:quantity")));
  return candidates;
}

/**
 * Suggests what each column feeds, each with a confidence: fields by label, synonym, words contained, words cut short
 * and fuzzy similarity; attribute columns by the service's attribute names and labels; size columns of a wide layout;
 * and, when sample rows are given, by what the values are (the account's codes, colours, delivery options, places and
 * answers, dates, emails, whole numbers, order numbers in runs), said in words beside the column. Values never take a
 * column from a header that names something else clearly; they do veto a match they contradict: numbers never go to
 * a text field such as an address line, words never to a quantity, width, height or size. Each field, size and
 * attribute goes to one column at most, best match first; everything else stays unmapped and is kept, an earlier
 * import's result columns included.
 */
export function suggestMapping(
  headers: readonly string[],
  vocabulary: MappingVocabulary = EMPTY_VOCABULARY,
  sampleRows: readonly SheetRow[] = [],
): SheetMapping {
  // Fuzzy matching costs the product of two lengths: only a header's start is matched (no
  // field name is longer), so a header of a million characters costs what a short one does.
  const normalised = headers.map((header) => headerWords(header.slice(0, MATCHED_HEADER_LENGTH)));
  // A totals row's label ("Total", "Summe") says nothing of what its column holds: left out once for every column.
  const rows = sampleRows.filter((row) => !isTotalsRow(row));
  const values = headers.map(
    (_header, column): ColumnValues => (rows.length > 0 ? columnValues(rows, column) : "unknown"),
  );
  const context = headerContext(headers, vocabulary);
  const evidence = new Map<number, ValueEvidence[]>();
  const candidates: Candidate[] = [];
  normalised.forEach((header, column) => {
    // An earlier import's result columns are ours, never the customer's data.
    if (isResultColumn(headers[column] ?? "")) return;
    const fromHeader = header === "" ? [] : headerCandidates(column, header, context);
    const found = rows.length > 0 ? columnEvidence(rows, column, vocabulary.values) : [];
    evidence.set(column, found);
    candidates.push(...fromHeader, ...valueCandidates(column, fromHeader, found, !context.isWideLayout));
  });
  const numberQuestions = new Set((vocabulary.values?.numberQuestions ?? []).map(headerWords));
  const answersNumbers = (candidate: Candidate) =>
    candidate.target.kind !== "attribute" ||
    !numberQuestions.has(headerWords(candidate.target.attribute)) ||
    fitsNumberQuestion(rows, candidate.column);
  const chosen = chooseCandidates(
    candidates,
    (c) => fitsValues(c.target, values[c.column] ?? "unknown") && answersNumbers(c),
  );
  takeRequiredByValues(chosen, evidence);
  const columns: ColumnAssignment[] = headers.map((header, column) => {
    const best = chosen.get(column);
    const said = best?.evidence ?? evidenceTextFor(best?.target ?? null, evidence.get(column) ?? []);
    const assignment: ColumnAssignment = best
      ? { column, header, target: best.target, confidence: roundedConfidence(best), reason: best.reason }
      : { column, header, target: null, confidence: 0, reason: null };
    return said === undefined ? assignment : { ...assignment, evidence: said };
  });
  return { columns };
}

const roundedConfidence = (candidate: Candidate) => Math.round(candidate.confidence * 100) / 100;

/**
 * Fields no sheet can do without that values can tell (a quantity is a whole number like many others): a header's
 * word for something optional gives way to them.
 */
const REQUIRED_BY_VALUES = ["orderNumber", "code"] as const;
const REQUIRED_KEYS: ReadonlySet<string> = new Set(["field:orderNumber", "field:code", "field:quantity"]);

/**
 * A required field no column was given goes to the column whose values say they are it, when that column went to
 * something optional by a header word ("Ref" holding order numbers in runs is the order number, not a reference),
 * never by the field's own label.
 */
function takeRequiredByValues(chosen: Map<number, Candidate>, evidence: ReadonlyMap<number, readonly ValueEvidence[]>) {
  const given = new Set([...chosen.values()].map((c) => c.targetKey));
  for (const field of REQUIRED_BY_VALUES) {
    const target = { kind: "field", field } as const;
    const targetKey = targetKeyOf(target);
    if (given.has(targetKey)) continue;
    for (const [column, found] of evidence) {
      const said = found.find((e) => targetKeyOf(e.target) === targetKey);
      const current = chosen.get(column);
      if (said === undefined || current?.reason === "label" || REQUIRED_KEYS.has(current?.targetKey ?? "")) continue;
      const evidenceText = `${said.text}, and no header names the ${FIELD_NAMES[field]}`;
      chosen.set(column, { column, target, targetKey, confidence: 0.6, reason: "values", evidence: evidenceText });
      given.add(targetKey);
      break;
    }
  }
}

const FIELD_NAMES: Readonly<Record<(typeof REQUIRED_BY_VALUES)[number], string>> = {
  orderNumber: "order number",
  code: "code",
};

/** Each column its best candidate, best first, each target once, none its values contradict. */
function chooseCandidates(candidates: Candidate[], fits: (candidate: Candidate) => boolean): Map<number, Candidate> {
  candidates.sort((a, b) => b.confidence - a.confidence || a.column - b.column);
  const byColumn = new Map<number, Candidate>();
  const taken = new Set<string>();
  for (const candidate of candidates) {
    if (byColumn.has(candidate.column) || taken.has(candidate.targetKey)) continue;
    if (!fits(candidate)) continue;
    byColumn.set(candidate.column, candidate);
    taken.add(candidate.targetKey);
  }
  return byColumn;
}
