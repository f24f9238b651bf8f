import { remembered } from "./remembered";

/**
 * Garment size labels compared the way people write them: `XXL`, `2X` and `2XL` are one
 * size; `Youth 8`, `Y8`, `8Y`, `8 yrs` and `Age 8` are size 8; `YM`, `Youth M` and `Kids Medium`
 * are the youth letter size M; `One size` (and `Einheitsgröße`, `Taille unique`) is OSFA.
 */
const ALIASES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    XXS: ["XXS", "2XS", "XXSMALL"],
    XS: ["XS", "XSMALL", "EXTRASMALL", "XSM"],
    S: ["S", "SM", "SML", "SMALL"],
    M: ["M", "MD", "MED", "MEDIUM"],
    L: ["L", "LG", "LRG", "LARGE"],
    XL: ["XL", "XLG", "XLRG", "XLARGE", "EXTRALARGE"],
    "2XL": ["2XL", "XXL", "2X", "XXLARGE", "2XLARGE"],
    "3XL": ["3XL", "XXXL", "3X", "XXXLARGE", "3XLARGE"],
    "4XL": ["4XL", "XXXXL", "4X"],
    "5XL": ["5XL", "XXXXXL", "5X"],
    "6XL": ["6XL", "XXXXXXL", "6X"],
    OSFA: [
      ...["OSFA", "OS", "OSFM", "ONESIZE", "ONESIZEFITSALL", "ONESIZEFITSMOST"],
      // In German, French, Spanish, Italian and Dutch.
      ...["EINHEITSGROSSE", "UNIVERSALGROSSE", "TAILLEUNIQUE", "TALLAUNICA", "TAGLIAUNICA", "EENMAAT", "TU"],
    ],
  }).flatMap(([key, spellings]) => spellings.map((spelling) => [spelling, key] as const)),
);

/** Words that mark a size as a child's, before or after it ("Youth 8", "Kids M", "8 Junior"). */
const YOUTH_WORD = "YOUTH|YTH|KIDS|KID|CHILDRENS|CHILDREN|CHILDS|CHILD|JUNIOR|JNR|JR";
/** An age before the number ("Age 10", "Y10", "K8"); "Size 10" is only a number. */
const AGE_BEFORE = new RegExp(`^(?:${YOUTH_WORD}|AGES|AGE|Y|K)(\\d{1,2})$`);
/** An age after the number, in the sheet languages: 10Y, 10 yrs, 10 Jahre, 10 ans, 10 años, 10 anni, 10 jaar. */
const AGE_AFTER = new RegExp(`^(\\d{1,2})(?:${YOUTH_WORD}|YEARS|YEAR|YRS|YR|YO|Y|JAHRE|J|ANS|ANOS|ANNI|JAAR)$`);
const SIZE_NUMBER = /^SIZE(\d{1,2})$/;
/** A youth letter size: a youth word before or after the letters ("Youth M", "M Kids"), or Y before them ("YM"). */
const LETTER_BEFORE = new RegExp(`^(?:${YOUTH_WORD}|Y)([A-Z0-9]+)$`);
const LETTER_AFTER = new RegExp(`^([A-Z0-9]+?)(?:${YOUTH_WORD})$`);
/** The letter sizes children's garments come in. */
const YOUTH_LETTERS: ReadonlySet<string> = new Set(["XXS", "XS", "S", "M", "L", "XL", "2XL"]);

/** A child's size as written: an age ("Y10", "10 yrs", "Age 10", "Kids 8") or a youth letter ("YM", "Youth M"). */
export type YouthSize =
  | { readonly kind: "age"; readonly age: number }
  | { readonly kind: "letter"; readonly letter: string; readonly key: string };

/** Upper case, accents dropped ("años"), spaces and punctuation out; a slash stays, for sizes such as S/M. */
const compactLabel = (label: string) =>
  label
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[\s._'’()-]+/g, "");

/** A youth word alone, or its plural: not a size, though "Kids" is KID and S run together ("Junior S" is one). */
const YOUTH_WORD_ALONE = new RegExp(`^(?:${YOUTH_WORD})S?$`, "i");

function youthSizeOfCompact(label: string, compact: string): YouthSize | undefined {
  if (YOUTH_WORD_ALONE.test(label.trim().replace(/['’.]/g, ""))) return undefined;
  const age = AGE_BEFORE.exec(compact)?.[1] ?? AGE_AFTER.exec(compact)?.[1];
  if (age !== undefined) return { kind: "age", age: Number(age) };
  for (const pattern of [LETTER_BEFORE, LETTER_AFTER]) {
    const letters = ALIASES.get(pattern.exec(compact)?.[1] ?? "");
    if (letters !== undefined && YOUTH_LETTERS.has(letters))
      return { kind: "letter", letter: letters, key: `Y${letters}` };
  }
  return undefined;
}

/** A label read as a size: its comparison key, the child's size it names, and whether it is "Size" and a number. */
interface SizeReading {
  readonly key: string;
  readonly youth: YouthSize | undefined;
  readonly isSizeNumber: boolean;
}

function readSize(label: string): SizeReading {
  const compact = compactLabel(label);
  const youth = youthSizeOfCompact(label, compact);
  const number = SIZE_NUMBER.exec(compact)?.[1];
  const key =
    ALIASES.get(compact) ??
    (youth !== undefined
      ? youth.kind === "age"
        ? String(youth.age)
        : youth.key
      : number !== undefined
        ? String(Number(number))
        : compact);
  return { key, youth, isSizeNumber: number !== undefined };
}

const READING_MEMO_LIMIT = 5_000;

/**
 * A label read as a size, each worked out once: a run's few labels are compared on every row, and every cell of a
 * sheet's first rows is asked whether it is a size while its header row is looked for.
 */
const sizeReadingOf: (label: string) => SizeReading = remembered(READING_MEMO_LIMIT, readSize);

/** The child's size a label names, when it is written as one; a bare number or letter is not. */
export const youthSizeOf = (label: string): YouthSize | undefined => sizeReadingOf(label).youth;

/** The comparison key of a size label; labels with the same key are the same size. */
export const sizeKey = (label: string): string => sizeReadingOf(label).key;

/**
 * The ages a youth letter size usually fits, as the youth size charts of the big blank makers
 * print them (Gildan, Hanes, Bella+Canvas: XS 4–5 where made, S 6–8, M 10–12, L 14–16, XL 18–20).
 * They are a rule of thumb, so a letter is only ever offered as one of these numbers, never read as it.
 */
export const YOUTH_LETTER_AGES: Readonly<Record<string, readonly number[]>> = {
  XS: [4, 5],
  S: [6, 7, 8],
  M: [10, 11, 12],
  L: [14, 15, 16],
  XL: [18, 20],
};

/** The sizes of a run that a youth letter usually is, smallest first ("YM" in 4, 6, … 14: 10 and 12). */
export function agesInRunFor(letter: string, run: readonly string[]): string[] {
  const ages = new Set((YOUTH_LETTER_AGES[letter] ?? []).map(String));
  return run.filter((size) => ages.has(sizeKey(size)));
}

/**
 * The sizes of a run that an age usually is: its youth letters ("YM" for 10), and its plain
 * letters too when `plainLetters` (a children's garment sized S, M, L), smallest first.
 */
export function lettersInRunFor(age: number, run: readonly string[], plainLetters: boolean): string[] {
  return run.filter((size) => {
    const youth = youthSizeOf(size);
    const letter = youth?.kind === "letter" ? youth.letter : plainLetters ? ALIASES.get(compactLabel(size)) : undefined;
    return letter !== undefined && (YOUTH_LETTER_AGES[letter] ?? []).includes(age);
  });
}

/** Whether a run names its sizes by number (ages, or women's 8–20), not by letter. */
export const isNumberRun = (run: readonly string[]) => run.some((size) => /^\d{1,2}$/.test(sizeKey(size)));

/** Sizes a column header may name in a wide layout, beyond those the catalogue lists. */
const COMMON_SIZE_KEYS: ReadonlySet<string> = new Set(ALIASES.values());

/**
 * Whether a header reads as a size label. Letter sizes and youth sizes ("Y8", "10 yrs", "YM")
 * always do; bare numbers only when the catalogue lists them or `inRun` says a neighbour is a
 * size too.
 */
export function looksLikeSize(header: string, catalogueSizeKeys: ReadonlySet<string>, inRun: boolean): boolean {
  const { key, youth, isSizeNumber } = sizeReadingOf(header);
  if (key === "") return false;
  if (COMMON_SIZE_KEYS.has(key) || youth !== undefined || isSizeNumber) return true;
  if (/^\d{1,2}$/.test(key)) return catalogueSizeKeys.has(key) || (inRun && Number(key) % 2 === 0);
  return catalogueSizeKeys.has(key) && key !== "QTY";
}
