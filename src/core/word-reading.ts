import { foldName } from "./name-reading";

/**
 * A word of the things order sheets name (a colour, a material) as English writes it and as the other languages sheets
 * come in write it. Each way is one word or a few ("bleu marine"), compared folded: case, accents, spaces and hyphens
 * do not count.
 */
export interface TranslatedWord {
  readonly english: string;
  /** Other ways English writes it: "gray" for grey, "navy blue" for navy. */
  readonly alsoEnglish?: readonly string[];
  readonly de: readonly string[];
  readonly fr: readonly string[];
  readonly es: readonly string[];
  readonly it: readonly string[];
  readonly nl: readonly string[];
  /** A word saying what kind of the one beside it is ("marle"): written with it, not as a colour of its own. */
  readonly isQualifier?: boolean;
  /**
   * Names makers give a shade of it without saying the word ("scarlet" for a red): a value so named is offered for
   * the word when no value names it.
   */
  readonly shades?: readonly string[];
  /** A word saying how rather than what ("full", "centre"): left out when no value names the text with it. */
  readonly isLoose?: boolean;
}

export const WORD_LANGUAGES = ["de", "fr", "es", "it", "nl"] as const;

/** A table of translated words, by the folded form of every way of writing each. */
export interface WordTable {
  readonly englishByForm: ReadonlyMap<string, string>;
  /** The most words one way of writing takes ("gris anthracite" takes two). */
  readonly longest: number;
  /** The English of the words that qualify another ("marle"). */
  readonly qualifiers: ReadonlySet<string>;
  /** Each word's shades, folded ("red": "scarlet", "crimson"). */
  readonly shades: ReadonlyMap<string, ReadonlySet<string>>;
  /** The English of the words that may be left out ("full"). */
  readonly loose: ReadonlySet<string>;
  /** Each text read so far: a sheet repeats its colours, and the options of a question are read on every row. */
  readonly memo: Map<string, WordsRead>;
}

/** The English words of a text, in its order; a word the table lacks stays as it is, folded. */
export interface WordsRead {
  readonly english: readonly string[];
  readonly isAllKnown: boolean;
}

/** Words that join two colours or materials ("noir et or", "rojo y blanco"), in English and the sheet languages. */
const JOINING_WORDS: ReadonlySet<string> = new Set(["and", "und", "et", "y", "e", "en"]);

/** A compound is split into two known words of at least this many letters ("schwarzweiss"), never "or" + "ange". */
const COMPOUND_PART = 3;

const MEMO_LIMIT = 5_000;

const wordsOfText = (text: string) =>
  text
    .split(/[^\p{L}\p{N}]+/u)
    .map(foldName)
    .filter((word) => word !== "");

/** The table of a list of translated words; a form two words share is a programmer's error. */
export function wordTable(words: readonly TranslatedWord[]): WordTable {
  const englishByForm = new Map<string, string>();
  const qualifiers = new Set<string>();
  const shades = new Map<string, Set<string>>();
  const loose = new Set<string>();
  let longest = 1;
  for (const word of words) {
    if (word.isLoose) loose.add(word.english);
    if (word.isQualifier) qualifiers.add(word.english);
    if (word.shades) shades.set(word.english, new Set(word.shades.map(foldName)));
    const ways = [word.english, ...(word.alsoEnglish ?? []), ...WORD_LANGUAGES.flatMap((language) => word[language])];
    for (const way of ways) {
      const form = foldName(way);
      const known = englishByForm.get(form);
      if (known !== undefined && known !== word.english)
        throw new Error(`"${way}" is both ${known} and ${word.english}`);
      englishByForm.set(form, word.english);
      longest = Math.max(longest, wordsOfText(way).length);
    }
  }
  return { englishByForm, longest, qualifiers, shades, loose, memo: new Map() };
}

/** A word the table lacks read as two it has, written as one ("Schwarzweiß", "blauwit"). */
function compoundOf(word: string, table: WordTable): readonly string[] | undefined {
  for (let cut = COMPOUND_PART; cut <= word.length - COMPOUND_PART; cut++) {
    const first = table.englishByForm.get(word.slice(0, cut));
    const second = table.englishByForm.get(word.slice(cut));
    if (first !== undefined && second !== undefined) return [first, second];
  }
  return undefined;
}

/** The longest way of writing a word the table has at a text's `start`-th word: its English and how many it took. */
function longestAt(words: readonly string[], start: number, table: WordTable) {
  for (let n = Math.min(table.longest, words.length - start); n >= 1; n--) {
    const english = table.englishByForm.get(words.slice(start, start + n).join(""));
    if (english !== undefined) return { english, taken: n };
  }
  return undefined;
}

function readWordsUncached(text: string, table: WordTable): WordsRead {
  const words = wordsOfText(text);
  const english: string[] = [];
  let isAllKnown = true;
  for (let i = 0; i < words.length; ) {
    const found = longestAt(words, i, table);
    if (found) {
      english.push(found.english);
      i += found.taken;
      continue;
    }
    const word = words[i] ?? "";
    i++;
    if (JOINING_WORDS.has(word) && english.length > 0 && i < words.length) continue;
    const parts = compoundOf(word, table);
    if (parts) english.push(...parts);
    else {
      english.push(word);
      isAllKnown = false;
    }
  }
  return { english, isAllKnown };
}

/** What a text says in a table's English words ("Schwarz/Gold" is black, gold). */
export function readWords(text: string, table: WordTable): WordsRead {
  let read = table.memo.get(text);
  if (read === undefined) {
    if (table.memo.size >= MEMO_LIMIT) table.memo.clear();
    table.memo.set(text, (read = readWordsUncached(text, table)));
  }
  return read;
}

/** English words as a sheet would write them: "Black/Gold", "Royal Blue", a qualifier with its word ("Grey Marle"). */
export function englishText(english: readonly string[], table: WordTable): string {
  let text = "";
  english.forEach((word, i) => {
    const isJoined = i > 0 && (table.qualifiers.has(word) || table.qualifiers.has(english[i - 1] ?? ""));
    text += (i === 0 ? "" : isJoined ? " " : "/") + word.replace(/(^|\s)\p{L}/gu, (letter) => letter.toUpperCase());
  });
  return text;
}

/**
 * How a text written in other words (another language, another spelling, another separator) was read among named
 * values: as the one value named with the same words in the same order (taken, with a note); as the one value whose
 * name has all the text's words (offered); or none. `english` is what the text says, for messages.
 */
export type WordReading<T> =
  | { readonly kind: "read" | "near"; readonly value: T; readonly english: string }
  | { readonly kind: "none"; readonly english: string };

const sameWords = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((word, i) => word === b[i]);

const singleWordsOf = (english: readonly string[]) => english.flatMap((word) => word.split(" "));

/**
 * A text among values by their names, through a table's words; undefined when the text is not all the table's words
 * (it is then no reading of this kind, and may be a misspelling). A near spelling never enters here: "Blanc" is white,
 * however like "Black" it looks.
 */
export function readByWords<T>(
  text: string,
  values: readonly T[],
  nameOf: (value: T) => string | null | undefined,
  table: WordTable,
): WordReading<T> | undefined {
  const read = readWords(text, table);
  if (!read.isAllKnown || read.english.length === 0) return undefined;
  const english = englishText(read.english, table);
  const wanted = singleWordsOf(read.english);
  const same: T[] = [];
  const containing: T[] = [];
  for (const value of values) {
    const name = nameOf(value);
    if (!name) continue;
    const own = readWords(name, table).english;
    if (sameWords(own, read.english)) same.push(value);
    else {
      const ownWords = new Set(singleWordsOf(own));
      if (wanted.every((word) => ownWords.has(word))) containing.push(value);
    }
  }
  const [only] = same;
  if (same.length === 1 && only !== undefined) return { kind: "read", value: only, english };
  if (same.length > 0) return { kind: "none", english };
  const near =
    theOne(containing) ?? theOne(containing.filter((value) => hasNoOtherWords(value, wanted, nameOf, table)));
  if (near !== undefined) return { kind: "near", value: near, english };
  if (containing.length === 0) {
    const shaded = theOne(values.filter((value) => isShadeOf(value, wanted, nameOf, table)));
    if (shaded !== undefined) return { kind: "near", value: shaded, english };
    const loosely = theOne(values.filter((value) => isLooselyNamed(value, wanted, nameOf, table)));
    if (loosely !== undefined) return { kind: "near", value: loosely, english };
  }
  return { kind: "none", english };
}

/** Whether a value names the words wanted once words saying how are left out of both ("Centre back", "full back"). */
function isLooselyNamed<T>(
  value: T,
  wanted: readonly string[],
  nameOf: (value: T) => string | null | undefined,
  table: WordTable,
): boolean {
  const core = (words: readonly string[]) => words.filter((word) => !table.loose.has(word));
  const want = core(wanted);
  const own = core(singleWordsOf(readWords(nameOf(value) ?? "", table).english));
  return want.length > 0 && want.every((word) => own.includes(word)) && own.every((word) => want.includes(word));
}

/** The only value of a list, if it has exactly one. */
const theOne = <T>(values: readonly T[]): T | undefined => (values.length === 1 ? values[0] : undefined);

/**
 * Whether a value's name says nothing else the table knows beside the words wanted: "100% cotton" is cotton, "Poly-
 * cotton blend" is more.
 */
function hasNoOtherWords<T>(
  value: T,
  wanted: readonly string[],
  nameOf: (value: T) => string | null | undefined,
  table: WordTable,
): boolean {
  const known = new Set(singleWordsOf([...table.englishByForm.values()]));
  return singleWordsOf(readWords(nameOf(value) ?? "", table).english).every(
    (word) => wanted.includes(word) || !known.has(word),
  );
}

/** Whether a value's name gives each word wanted, or a shade of it ("Scarlet" for red). */
function isShadeOf<T>(
  value: T,
  wanted: readonly string[],
  nameOf: (value: T) => string | null | undefined,
  table: WordTable,
): boolean {
  const own = singleWordsOf(readWords(nameOf(value) ?? "", table).english);
  return (
    wanted.some((word) => table.shades.has(word)) &&
    wanted.every((word) => own.includes(word) || own.some((other) => table.shades.get(word)?.has(other)))
  );
}

/** What a reading says the text is, when that is other than the text itself ("Schwarz" is Black; "Black" is not). */
export function translationOf(text: string, reading: WordReading<unknown>): string | undefined {
  return foldName(text) === foldName(reading.english) ? undefined : reading.english;
}
