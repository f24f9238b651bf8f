import type { FieldId } from "../fields";
import type { MappingTarget } from "./sheet-mapping";
import { cellText, isBlankCell, type CellValue, type SheetRow } from "../sheet-model";
import { colourWords } from "../colour-words";
import { materialWords } from "../material-words";
import { readWords, type WordTable } from "../word-reading";
import { looksLikeSize, sizeKey } from "../sizes";

/**
 * The account's values a column's cells can be told by, as plain lists (they cross to the sheet worker): price codes,
 * asset tags, stock and variant codes, colours, delivery options, countries and states, each by code and name.
 */
export interface ValueLists {
  readonly priceCodes: readonly string[];
  readonly assetTags: readonly string[];
  readonly stockCodes: readonly string[];
  readonly colours: readonly string[];
  readonly deliveryOptions: readonly string[];
  readonly countries: readonly string[];
  readonly states: readonly string[];
  /** Each question with a list of answers to choose from, by the name the mapping targets, and its answers. */
  readonly questions: readonly { readonly attribute: string; readonly options: readonly string[] }[];
  /** Questions answered with a number (a player's number, say), by every name the mapping may target them by. */
  readonly numberQuestions: readonly string[];
}

/** What a column's values say it holds: a field or a question, and how many of its values say so. */
export interface ValueEvidence {
  readonly target: MappingTarget;
  readonly matched: number;
  readonly total: number;
  /** In words, for the mapping step: "42 of 44 values are price codes". */
  readonly text: string;
  /**
   * Whether the values name the account's own things (codes, colours, delivery options, places, answers): telling
   * enough to take a column from a header. Values of a form (whole numbers, dates) fit many columns.
   */
  readonly telling: boolean;
}

/** How many of a sheet's rows the suggested mapping looks at to tell its columns by their values. */
const EVIDENCE_ROWS = 400;

/** The first rows of a sheet with something in them, as many as telling columns by their values takes. */
export function rowsForEvidence(rowAt: (index: number) => SheetRow, rowCount: number): SheetRow[] {
  const rows: SheetRow[] = [];
  for (let i = 0; i < rowCount && rows.length < EVIDENCE_ROWS; i++) {
    const row = rowAt(i);
    if (row.cells.some((cell) => !isBlankCell(cell))) rows.push(row);
  }
  return rows;
}

/** How many of a column's non-blank values are tested: enough to be sure, few enough to stay quick on wide sheets. */
const MOST_VALUES_TESTED = 400;
/** Below this share of its values, a column is not taken for a field by its values. */
export const VALUE_SHARE_NEEDED = 0.8;

/** One way of recognising a field's or a question's values. */
interface ValueTest {
  readonly target: MappingTarget;
  readonly telling: boolean;
  /** What a matching value is, plural: "price codes". */
  readonly what: string;
  readonly matches: (value: CellValue, text: string) => boolean;
}

/** A value as compared with the account's lists: case, spaces and quote marks do not count. */
const valueKey = (text: string) =>
  text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s"'′″“”]+/g, "");

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const PHONE = /^\+?[\d\s().-]{7,20}$/;
const DATE_TEXT =
  /^(\d{1,4})[./-](\d{1,2})[./-](\d{1,4})$|^\d{1,2}\.? [\p{L}]{3,}\.? \d{2,4}$|^[\p{L}]{3,}\.? \d{1,2},? \d{4}$/u;
/** Quantities on order sheets: a few hundred at most per line (a postcode is four digits). */
const WHOLE_NUMBER = /^\d{1,3}$/;

function keysOf(list: readonly string[]): ReadonlySet<string> {
  return new Set(list.map(valueKey).filter((key) => key !== ""));
}

/** A text's colour or material words in English, when they are all such words ("Schwarz/Gold" is black/gold). */
function englishKey(text: string, table: WordTable): string | undefined {
  const read = readWords(text, table);
  return read.isAllKnown && read.english.length > 0 ? read.english.join("/") : undefined;
}

/**
 * Whether texts are, by their colour or material words in any language the tables know, one of `names`: the names'
 * English worked out once, each text's looked up.
 */
function readsAsOneOf(names: readonly string[]): (text: string) => boolean {
  const keys = new Set<string>();
  for (const table of [colourWords, materialWords])
    for (const name of names) {
      const key = englishKey(name, table);
      if (key !== undefined) keys.add(key);
    }
  if (keys.size === 0) return () => false;
  return (text) => [colourWords, materialWords].some((table) => keys.has(englishKey(text, table) ?? ""));
}

const testsByLists = new WeakMap<ValueLists, ValueTest[]>();

/** The tests for an account's lists, made once for all the columns of a sheet. */
function testsFor(lists: ValueLists): ValueTest[] {
  let tests = testsByLists.get(lists);
  if (tests === undefined) testsByLists.set(lists, (tests = valueTests(lists)));
  return tests;
}

/** The tests a column's values are put to, most telling first: a value a price code and a colour counts as a code. */
function valueTests(lists: ValueLists): ValueTest[] {
  const codes = keysOf([...lists.priceCodes, ...lists.assetTags, ...lists.stockCodes]);
  const delivery = keysOf(lists.deliveryOptions);
  const countries = keysOf(lists.countries);
  const states = keysOf(lists.states);
  const inList = (keys: ReadonlySet<string>) => (_value: CellValue, text: string) => keys.has(valueKey(text));
  /** In the list as written, or by its words in another language ("Schwarz" for Black, "Baumwolle" for Cotton). */
  const inListOrWords = (names: readonly string[]) => {
    const keys = keysOf(names);
    const byWords = readsAsOneOf(names);
    return (_value: CellValue, text: string) => keys.has(valueKey(text)) || byWords(text);
  };
  const field = (id: FieldId): MappingTarget => ({ kind: "field", field: id });
  // A question's answers come after the codes (a code is never an answer) and before the looser tests by form.
  const questions: ValueTest[] = lists.questions.map(({ attribute, options }) => ({
    target: { kind: "attribute", attribute },
    telling: true,
    what: `answers to ${attribute}`,
    matches: inListOrWords(options),
  }));
  return [
    { target: field("code"), telling: true, what: "price codes, asset tags or stock codes", matches: inList(codes) },
    {
      target: field("variant"),
      telling: true,
      what: "colours or variant codes",
      matches: inListOrWords(lists.colours),
    },
    { target: field("deliveryMethod"), telling: true, what: "delivery options", matches: inList(delivery) },
    { target: field("country"), telling: true, what: "countries", matches: inList(countries) },
    { target: field("state"), telling: true, what: "states", matches: inList(states) },
    ...questions,
    {
      target: field("size"),
      telling: false,
      what: "sizes",
      // Bare numbers are quantities as often as sizes: a size column has letters in it somewhere.
      matches: (_value, text) => /\p{L}/u.test(text) && looksLikeSize(text, new Set(), false) && sizeKey(text) !== "",
    },
    { target: field("email"), telling: false, what: "email addresses", matches: (_value, text) => EMAIL.test(text) },
    {
      target: field("dueDate"),
      telling: false,
      what: "dates",
      matches: (value, text) => value instanceof Date || DATE_TEXT.test(text),
    },
    {
      target: field("phone"),
      telling: false,
      what: "phone numbers",
      matches: (value, text) => typeof value === "string" && PHONE.test(text) && text.replace(/\D/g, "").length >= 7,
    },
    {
      target: field("quantity"),
      telling: false,
      what: "whole numbers",
      matches: (value, text) =>
        (typeof value === "number" && Number.isInteger(value) && value > 0 && value < 1_000) ||
        (typeof value === "string" && WHOLE_NUMBER.test(text) && Number(text) > 0),
    },
  ];
}

/** The non-blank values of a column, as cells and as text, at most `MOST_VALUES_TESTED` of them. */
function valuesOf(rows: readonly SheetRow[], column: number): { value: CellValue; text: string }[] {
  const values: { value: CellValue; text: string }[] = [];
  for (const row of rows) {
    const value = row.cells[column];
    if (value === undefined || isBlankCell(value)) continue;
    values.push({ value, text: cellText(value).trim() });
    if (values.length >= MOST_VALUES_TESTED) break;
  }
  return values;
}

/**
 * Whether a column reads as order numbers: values that repeat in runs down the sheet (an order's rows together) or
 * are given on a run's first row only, with a digit in most of them.
 */
function orderNumberEvidence(rows: readonly SheetRow[], column: number): ValueEvidence | undefined {
  let given = 0;
  let followOns = 0;
  let inRuns = 0;
  let withDigits = 0;
  let previous: string | undefined;
  const distinct = new Set<string>();
  for (const row of rows.slice(0, MOST_VALUES_TESTED)) {
    const value = row.cells[column];
    const text = value === undefined || isBlankCell(value) ? "" : cellText(value).trim();
    if (text === "") {
      // A blank under a value, on a row with other cells filled, is the first-row-only layout's follow-on row.
      if (previous !== undefined && row.cells.some((cell) => !isBlankCell(cell))) {
        inRuns++;
        followOns++;
      }
      continue;
    }
    given++;
    distinct.add(text);
    if (/\d/.test(text)) withDigits++;
    if (text === previous) inRuns++;
    previous = text;
  }
  const total = rows.filter((row) => row.cells.some((cell) => !isBlankCell(cell))).length;
  if (given < 2 || distinct.size < 2 || withDigits < given * VALUE_SHARE_NEEDED) return undefined;
  // Most orders have several rows: a column whose values are mostly each on one row is something else.
  if (inRuns < total / 4 || distinct.size > (given + followOns) * 0.75) return undefined;
  return {
    target: { kind: "field", field: "orderNumber" },
    telling: false,
    matched: given,
    total: given,
    text: `${distinct.size} values repeat down the rows as order numbers do`,
  };
}

/**
 * What a column's values say it holds, when most of them say so, most telling first: tested against the account's
 * codes, colours, delivery options, countries, states and answers, and by form (emails, dates, phone numbers, whole
 * numbers, order numbers in runs). Several can hold at once (a vinyl colour is a colour and an answer); none when the
 * values say nothing clear.
 */
export function columnEvidence(
  rows: readonly SheetRow[],
  column: number,
  lists: ValueLists | undefined,
): ValueEvidence[] {
  const values = valuesOf(rows, column);
  if (values.length === 0) return [];
  // A column repeats its values (an order's details, a code on every row): each distinct one is tested once.
  const distinct = new Map<string, { value: CellValue; text: string; count: number }>();
  for (const { value, text } of values) {
    const key = `${typeof value}:${text}`;
    const seen = distinct.get(key);
    if (seen) seen.count++;
    else distinct.set(key, { value, text, count: 1 });
  }
  const found: ValueEvidence[] = [];
  for (const test of testsFor(lists ?? EMPTY_VALUE_LISTS)) {
    let matched = 0;
    for (const { value, text, count } of distinct.values()) if (test.matches(value, text)) matched += count;
    if (matched >= values.length * VALUE_SHARE_NEEDED && matched > 0) {
      const total = values.length;
      const text = `${matched} of ${total} values are ${test.what}`;
      found.push({ target: test.target, telling: test.telling, matched, total, text });
    }
  }
  const runs = orderNumberEvidence(rows, column);
  return runs ? [...found, runs] : found;
}

/** Whether a column's values can answer a question asked for a number: numbers, every one. */
export function fitsNumberQuestion(rows: readonly SheetRow[], column: number): boolean {
  return valuesOf(rows, column).every(({ value, text }) => typeof value === "number" || /^\d+$/.test(text));
}

export const EMPTY_VALUE_LISTS: ValueLists = {
  priceCodes: [],
  assetTags: [],
  stockCodes: [],
  colours: [],
  deliveryOptions: [],
  countries: [],
  states: [],
  questions: [],
  numberQuestions: [],
};
