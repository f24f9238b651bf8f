import { readFile, stat } from "node:fs/promises";
import { basename, extname, join, resolve } from "node:path";
import { IMPORT_FIELDS, type FieldId } from "../core/fields";
import { FIELD_WORDS } from "../core/mapping/header-words";
import {
  applyTemplate,
  assignColumn,
  containsWords,
  normaliseHeader,
  readTemplateFile,
  sameTarget,
  similarity,
  suggestMapping,
  type MappingTarget,
  type MappingTemplate,
  type MappingVocabulary,
  type SheetMapping,
} from "../core/mapping";
import type { SheetRow } from "../core/sheet-model";
import { fileErrorText, nonFileKind } from "./file-problems";

/** How a command maps the sheet's columns beyond the suggestion: `--template`, then each `--map`. */
export interface MappingChoice {
  /** The template `--template` named, read. */
  readonly template?: { readonly template: MappingTemplate; readonly path: string } | undefined;
  /** Each `--map "Header=target"`, as given, in order. */
  readonly maps: readonly string[];
}

export const NO_MAPPING_CHOICE: MappingChoice = { maps: [] };

/** The folder, under the working folder, where `--template NAME` looks for `NAME.json`. */
export const TEMPLATE_FOLDER = "templates";

/** Template files are small: a few lines per column. */
const MAX_TEMPLATE_BYTES = 1024 * 1024;

/** "a", "a and b", "a, b and c". */
function listText(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** The ways a `--map` value can be read as `Header=target`: at each `=` with text either side. */
function splits(value: string): { readonly header: string; readonly target: string }[] {
  const found: { header: string; target: string }[] = [];
  for (let at = value.indexOf("="); at !== -1; at = value.indexOf("=", at + 1)) {
    const header = value.slice(0, at).trim();
    const target = value.slice(at + 1).trim();
    if (header !== "" && target !== "") found.push({ header, target });
  }
  return found;
}

/** Why a `--map` value is not of the form `Header=target`, before any file is read; undefined when it is. */
export function mapSyntaxProblem(values: readonly string[]): string | undefined {
  const wrong = values.find((value) => splits(value).length === 0);
  return wrong === undefined
    ? undefined
    : `--map "${wrong}" is not of the form "Header=field" (a header of the sheet, "=", and what it feeds).`;
}

/**
 * Whether a `--template` value is a file's path (a folder in it, or ending in `.json`); any
 * other is a template's name, read from `templates/NAME.json` in the working folder.
 */
function isPathLike(value: string): boolean {
  return /[/\\]/.test(value) || extname(value).toLowerCase() === ".json";
}

/** Reads the template `--template` names; says why not, naming the file, when it cannot. */
export async function readTemplateOption(
  value: string,
  cwd: string = process.cwd(),
): Promise<
  | { readonly ok: true; readonly template: MappingTemplate; readonly path: string }
  | { readonly ok: false; readonly message: string }
> {
  const byName = !isPathLike(value);
  const shown = byName ? join(TEMPLATE_FOLDER, `${value}.json`) : value;
  const path = resolve(cwd, shown);
  const refusal = (why: string) => ({
    ok: false as const,
    message:
      `The template ${byName ? `"${value}" (${shown})` : shown} cannot be read: ${why}.` +
      (byName
        ? ` A name is read from ${TEMPLATE_FOLDER}/NAME.json in the working folder; give a file's path` +
          " to read one from elsewhere."
        : ""),
  });
  try {
    const stats = await stat(path);
    const kind = nonFileKind(stats);
    if (kind !== undefined) return refusal(`it is ${kind}, not a file`);
    if (stats.size > MAX_TEMPLATE_BYTES) return refusal("it is larger than a mapping template can be (1 MB)");
    const read = readTemplateFile(await readFile(path, "utf8"), basename(path, extname(path)));
    return read.ok ? { ok: true, template: read.template, path: shown } : refusal(read.message);
  } catch (error) {
    return refusal(fileErrorText(error));
  }
}

/** How close `text` comes to any of `spellings` (all normalised), 0..1; a whole-word part counts for 0.75. */
function closeness(text: string, spellings: readonly string[]): number {
  let best = 0;
  for (const spelling of spellings) {
    if (spelling === "") continue;
    const contained = containsWords(spelling, text) || containsWords(text, spelling) ? 0.75 : 0;
    best = Math.max(best, contained, similarity(text, spelling));
  }
  return best;
}

/**
 * The items that come near `text` (half alike at least, and not far behind the nearest), with
 * how near; three at most, best first.
 */
function scoredNear<T>(text: string, items: readonly T[], spellings: (item: T) => readonly string[]) {
  const key = normaliseHeader(text);
  const scored = items
    .map((item) => ({ item, score: closeness(key, spellings(item).map(normaliseHeader)) }))
    .sort((a, b) => b.score - a.score);
  const floor = Math.max(0.5, (scored[0]?.score ?? 0) - 0.15);
  return scored.filter(({ score }) => score >= floor).slice(0, 3);
}

/** The items closest to `text`, at most three, best first; none when none comes near. */
function closestOf<T>(text: string, items: readonly T[], spellings: (item: T) => readonly string[]): T[] {
  return scoredNear(text, items, spellings).map(({ item }) => item);
}

/** The one column a `--map` header names: the header as written first, else case, accents and punctuation aside. */
function columnsNamed(headers: readonly string[], text: string): number[] {
  const exact = headers.flatMap((header, column) => (header.trim() === text ? [column] : []));
  if (exact.length > 0) return exact;
  const key = normaliseHeader(text);
  return key === "" ? [] : headers.flatMap((header, column) => (normaliseHeader(header) === key ? [column] : []));
}

const fieldText = (field: FieldId) => `${field} ("${IMPORT_FIELDS.find((f) => f.id === field)?.label ?? field}")`;

/** A field named by its id or its label, written in any case. */
function fieldNamed(text: string): FieldId | undefined {
  const key = normaliseHeader(text);
  const bare = key.replace(/ /g, "");
  return IMPORT_FIELDS.find((f) => normaliseHeader(f.label) === key || f.id.toLowerCase() === bare)?.id;
}

/** A question of the catalogue named by its name or label: as written first, else case and accents aside. */
function questionNamed(questions: readonly string[], text: string): string | undefined {
  return questions.find((q) => q === text) ?? questions.find((q) => normaliseHeader(q) === normaliseHeader(text));
}

type TargetRead = { readonly ok: true; readonly target: MappingTarget | null } | { readonly ok: false; why: string };

/**
 * What the right side of `--map` names: `-` or `none` (unmapped), `size:LABEL`, `question:NAME`
 * (or `attribute:NAME`), `field:NAME`, or a bare field id or label, else a question of the
 * catalogue. `vocabulary` undefined: the catalogue was not loaded (inspect), so a question is
 * taken as written when named with `question:`.
 */
function readTarget(text: string, vocabulary: MappingVocabulary | undefined): TargetRead {
  const questions = vocabulary?.attributes;
  if (text === "-" || text.toLowerCase() === "none") return { ok: true, target: null };
  const prefixed = /^(size|question|attribute|field)\s*:(.*)$/is.exec(text);
  const kind = prefixed?.[1]?.toLowerCase();
  const name = (prefixed?.[2] ?? text).trim();
  if (name === "") return { ok: false, why: `"${text}" names no ${kind === "size" ? "size" : kind}.` };
  if (kind === "size") return { ok: true, target: { kind: "size", size: name } };
  if (kind !== "question" && kind !== "attribute") {
    const field = fieldNamed(name);
    if (field !== undefined) return { ok: true, target: { kind: "field", field } };
  }
  if (kind !== "field") {
    if (questions === undefined && kind !== undefined)
      return { ok: true, target: { kind: "attribute", attribute: name } };
    const question = questionNamed(questions ?? [], name);
    if (question !== undefined) return { ok: true, target: { kind: "attribute", attribute: question } };
  }
  const size = kind === undefined ? vocabulary?.sizes.find((s) => s.toLowerCase() === name.toLowerCase()) : undefined;
  const sizeHint = size === undefined ? "" : ` For a size column of a wide layout, write size:${size}.`;
  return { ok: false, why: unknownTargetText(name, kind, questions) + sizeHint };
}

const TARGET_FORMS =
  "A field is named by its id or label, a size column of a wide layout by size:LABEL, a question by its name" +
  " in the catalogue (or question:NAME), and - leaves the column unmapped.";

/** Why a `--map` target is not known, with what comes closest (or, when nothing does, what there is). */
function unknownTargetText(name: string, kind: string | undefined, questions: readonly string[] | undefined): string {
  const asQuestion = kind === "question" || kind === "attribute";
  const fields = asQuestion ? [] : IMPORT_FIELDS.map((f) => f.id);
  const known = kind === "field" ? [] : [...new Set(questions ?? [])];
  // Every word a header may name the field by, in any language the mapping knows ("Menge" for quantity).
  const closeFields = scoredNear(name, fields, (id) => [
    id,
    ...FIELD_WORDS.filter((word) => word.field === id).map((word) => word.text),
  ]).map(({ item, score }) => ({ text: fieldText(item), score }));
  const closeQuestions = scoredNear(name, known, (q) => [q]).map(({ item, score }) => ({
    text: `the question "${item}"`,
    score,
  }));
  const close = [...closeFields, ...closeQuestions]
    .sort((a, b) => b.score - a.score)
    .slice(0, 3)
    .map(({ text }) => text);
  const what = asQuestion
    ? "a question of the catalogue"
    : kind === undefined && questions !== undefined
      ? "a field or a question of the catalogue"
      : "a field";
  let text = `"${name}" is not ${what}`;
  if (close.length > 0) text += `; the closest: ${listText(close)}.`;
  else if (asQuestion) text += known.length > 0 ? ` (questions: ${known.join(", ")}).` : "; the catalogue asks none.";
  else text += ` (fields: ${fields.join(", ")}). ${TARGET_FORMS}`;
  if (questions === undefined && kind === undefined)
    text += " inspect does not load the catalogue: name a question with question:NAME.";
  return text;
}

/** What decided a column's target. */
export type MappingSource = "suggestion" | "template" | "map";

/** The sheet a mapping is chosen for. */
export interface MappingInput {
  readonly sheetName: string;
  readonly headers: readonly string[];
  /** The catalogue's questions and sizes; undefined when it was not loaded (inspect). */
  readonly vocabulary: MappingVocabulary | undefined;
  /** The first rows, whose values the suggestion checks its matches against. */
  readonly sampleRows: readonly SheetRow[];
}

export type ChosenMapping =
  | {
      readonly ok: true;
      readonly mapping: SheetMapping;
      /** What suggestMapping made of the headers and samples alone: the evidence `inspect --json` shows. */
      readonly suggestion: SheetMapping;
      /** Where each column's target came from: the suggestion, the template (when given) or a `--map`. */
      readonly sources: readonly MappingSource[];
      /** What the command should say about the template (headers it and the sheet do not share). */
      readonly notes: readonly string[];
    }
  | { readonly ok: false; readonly message: string };

/**
 * The sheet's mapping: the suggestion, or the template when one is given, with each `--map`
 * laid over it in turn (assignColumn: a field given to a column is taken from any other).
 * A header the sheet does not have, a target nothing knows, a column named twice or a field
 * given to two columns is refused, naming it and what comes closest.
 */
export function chooseMapping(input: MappingInput, choice: MappingChoice): ChosenMapping {
  const { headers, sheetName, vocabulary } = input;
  const suggestion = suggestMapping(headers, vocabulary, input.sampleRows);
  const notes: string[] = [];
  let mapping = suggestion;
  if (choice.template) {
    const { template } = choice.template;
    const named = new Set(template.assignments.map((a) => normaliseHeader(a.header)));
    const sheetKeys = new Set(headers.map(normaliseHeader));
    if (!headers.some((h) => named.has(normaliseHeader(h))))
      return {
        ok: false,
        message:
          `The template "${template.name}" (${choice.template.path}) names none of the headers of "${sheetName}" ` +
          `(the template: ${template.assignments.map((a) => a.header).join(", ")}; ` +
          `the sheet: ${headers.join(", ")}).`,
      };
    mapping = applyTemplate(headers, template);
    const absent = template.assignments.filter((a) => !sheetKeys.has(normaliseHeader(a.header)));
    if (absent.length > 0)
      notes.push(
        `The template "${template.name}" names columns "${sheetName}" does not have: ` +
          `${absent.map((a) => a.header).join(", ")}.`,
      );
    const unnamed = headers.filter((h) => !named.has(normaliseHeader(h)));
    if (unnamed.length > 0)
      notes.push(
        `The template "${template.name}" does not name ${unnamed.length === 1 ? "the column" : "the columns"} ` +
          `${unnamed.join(", ")} of "${sheetName}": kept as ${unnamed.length === 1 ? "it is" : "they are"}.`,
      );
  }
  const mappedBy = new Map<number, string>();
  for (const value of choice.maps) {
    const ways = splits(value);
    const way = ways.find((w) => columnsNamed(headers, w.header).length === 1) ?? ways[0];
    if (way === undefined) return { ok: false, message: mapSyntaxProblem([value]) ?? `--map "${value}" is wrong.` };
    const columns = columnsNamed(headers, way.header);
    const [column] = columns;
    if (columns.length > 1 || column === undefined) {
      const close = closestOf(way.header, headers, (h) => [h]);
      return {
        ok: false,
        message:
          columns.length > 1
            ? `--map "${value}": "${way.header}" names ${columns.length} columns of "${sheetName}" ` +
              `(${columns.map((c) => headers[c]).join(", ")}); write the header exactly as the sheet does.`
            : `--map "${value}": "${sheetName}" has no column headed "${way.header}"` +
              (close.length > 0 ? `; the closest: ${listText(close.map((h) => `"${h}"`))}` : "") +
              ` (headers: ${headers.join(", ")}).`,
      };
    }
    const target = readTarget(way.target, vocabulary);
    if (!target.ok) return { ok: false, message: `--map "${value}": ${target.why}` };
    const earlier = mappedBy.get(column);
    if (earlier !== undefined)
      return {
        ok: false,
        message: `--map names the column "${headers[column]}" twice ("${earlier}" and "${value}").`,
      };
    const rival =
      target.target !== null && target.target.kind !== "attribute"
        ? [...mappedBy].find(([other]) => sameTarget(mapping.columns[other]?.target ?? null, target.target))
        : undefined;
    if (rival !== undefined)
      return {
        ok: false,
        message:
          `--map gives ${way.target} to two columns ("${rival[1]}" and "${value}"); ` +
          `a ${target.target?.kind === "size" ? "size" : "field"} is fed by one column.`,
      };
    mappedBy.set(column, value);
    mapping = assignColumn(mapping, column, target.target);
  }
  const base: MappingSource = choice.template ? "template" : "suggestion";
  const sources = headers.map((_header, column) => (mappedBy.has(column) ? "map" : base));
  return { ok: true, mapping, suggestion, sources, notes };
}

/** What to do when required fields are left unmatched: the `--map` that would name each. */
export function unmatchedFieldsText(
  sheetName: string,
  missing: readonly FieldId[],
  headers: readonly string[],
): string {
  return (
    `No column of "${sheetName}" could be matched to ${listText(missing)}; ` +
    `name ${missing.length === 1 ? "it" : "them"} with ${listText(missing.map((f) => `--map "<header>=${f}"`))} ` +
    `(headers: ${headers.join(", ")}).`
  );
}

/**
 * The part of `--map` and `--template` that applies to one of several files: each `--map` whose header the file has,
 * and the template when it names one of the file's headers. With a single file, the choice as given (what it names
 * that the sheet lacks is then a usage error).
 */
export function choiceForHeaders(
  choice: MappingChoice,
  headers: readonly string[],
  isOnlyFile: boolean,
): MappingChoice {
  if (isOnlyFile) return choice;
  const maps = choice.maps.filter((value) => splits(value).some((way) => columnsNamed(headers, way.header).length > 0));
  const named = choice.template?.template.assignments.some((a) => columnsNamed(headers, a.header).length > 0);
  return named && choice.template ? { template: choice.template, maps } : { maps };
}

/** A `--map` whose header none of several files has, said as a usage error; undefined when each names a column. */
export function mapNamingNoFile(
  choice: MappingChoice,
  files: readonly { readonly name: string; readonly headers: readonly string[] }[],
): string | undefined {
  for (const value of choice.maps) {
    const ways = splits(value);
    if (files.some((file) => ways.some((way) => columnsNamed(file.headers, way.header).length > 0))) continue;
    return (
      `--map "${value}": none of the files has a column headed "${ways[0]?.header ?? value}" ` +
      `(${files.map((file) => `${file.name}: ${file.headers.join(", ")}`).join("; ")}).`
    );
  }
  const template = choice.template;
  if (
    template &&
    !files.some((f) => template.template.assignments.some((a) => columnsNamed(f.headers, a.header).length))
  )
    return `The template "${template.template.name}" (${template.path}) names none of the headers of the files.`;
  return undefined;
}
