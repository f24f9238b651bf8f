import { foldName } from "./name-reading";

/** The languages order sheets come in; their month names come from the runtime's Intl data. */
const SHEET_LANGUAGES = ["en", "de", "fr", "es", "it", "nl"];

/** English names, for a runtime without Intl's month names. */
const ENGLISH_MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/** Short forms people write that the runtime's own short names leave out, by month (1–12). */
const OTHER_SHORT_FORMS: Readonly<Record<string, number>> = {
  sept: 9,
  mrz: 3,
  maerz: 3,
};

interface MonthNames {
  /** Every full and short name, folded, to its month (1–12). */
  readonly exact: ReadonlyMap<string, number>;
  /** Full names, folded, with their month: a word that only one month's names start with is that month. */
  readonly full: readonly (readonly [string, number])[];
}

let monthNames: MonthNames | undefined;

function monthNamesFromIntl(): MonthNames {
  const exact = new Map<string, number>(Object.entries(OTHER_SHORT_FORMS));
  const full: [string, number][] = ENGLISH_MONTHS.map((name, i) => [name, i + 1]);
  for (const [name, month] of full) exact.set(name, month);
  for (const language of SHEET_LANGUAGES) {
    // A month's name alone, and inside a date (where some languages decline it: "März", "Mär").
    for (const options of [{ month: "long" }, { month: "short" }, { day: "numeric", month: "long" }] as const) {
      let format: Intl.DateTimeFormat;
      try {
        format = new Intl.DateTimeFormat(language, { ...options, timeZone: "UTC" });
      } catch {
        continue;
      }
      for (let month = 1; month <= 12; month++) {
        const parts = format.formatToParts(new Date(Date.UTC(2027, month - 1, 15)));
        const name = foldName(parts.find((part) => part.type === "month")?.value ?? "");
        if (name === "") continue;
        exact.set(name, month);
        if (options.month === "long") full.push([name, month]);
      }
    }
  }
  return { exact, full };
}

/**
 * The month (1–12) a word names in English, German, French, Spanish, Italian or Dutch: a full
 * or short name ("April", "avr.", "Mrz", "mei"), or the start of full names of one month only
 * ("Sept", "juil"; "jui" could be juin or juillet, so it is none).
 */
export function monthOf(word: string): number | undefined {
  monthNames ??= monthNamesFromIntl();
  const folded = foldName(word);
  const exact = monthNames.exact.get(folded);
  if (exact !== undefined || folded.length < 3) return exact;
  const months = new Set(monthNames.full.filter(([name]) => name.startsWith(folded)).map(([, month]) => month));
  return months.size === 1 ? [...months][0] : undefined;
}

/** A date written out for a message, in English: 3 April 2027. */
export function longDate(iso: string): string {
  const [year, month, day] = iso.split("-").map(Number);
  const name = ENGLISH_MONTHS[(month ?? 1) - 1] ?? "";
  return `${day} ${name.charAt(0).toUpperCase()}${name.slice(1)} ${year}`;
}
