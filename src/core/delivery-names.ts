import { closestBy } from "./mapping/normalise";
import { foldName, nameSimilarity, type NameReading } from "./name-reading";
import type { DeliveryOption } from "./vendor";

/**
 * Short forms people and vendors write for delivery words, and the words German, French, Spanish, Italian and Dutch
 * sheets use, to the English word: "O/N" is overnight, "Std" standard, "Abholung" pick-up. Compared after folding, so
 * "o/n", "O.N." and "ON" are one.
 */
const DELIVERY_WORDS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    overnight: ["on", "ovn", "ovnt", "nachtexpress", "overnacht", "nuit", "24h"],
    standard: ["std", "stnd", "normal", "standardversand", "estandar", "normale", "standaard"],
    international: ["intl", "int", "ausland", "international", "internacional", "internazionale", "internationaal"],
    express: ["exp", "xp", "expr", "eilversand", "urgente", "spoed"],
    pickup: [
      ...["pu", "pickup", "collect", "collection"],
      ...["abholung", "selbstabholung", "abholen", "retrait", "enlevement", "aretirer"],
      ...["recogida", "recoger", "retiro", "ritiro", "ritiroinsede", "afhalen", "ophalen", "afhaal"],
    ],
    courier: ["kurier", "paketdienst", "coursier", "messagerie", "mensajeria", "mensajero", "corriere", "koerier"],
    rural: ["landlich", "rurale"],
  }).flatMap(([english, words]) => words.map((word) => [word, english] as const)),
);

/** Similarity a misspelt option needs to be offered. */
const NEAR_OPTION = 0.6;

const fullWord = (word: string) => DELIVERY_WORDS.get(word) ?? word;

/** A name's words, each short form written out: "Std Courier" is standard courier, "O/N" overnight. */
function wordsOf(name: string): string[] {
  const whole = DELIVERY_WORDS.get(foldName(name));
  if (whole) return [whole];
  return name
    .split(/[\s,;:()]+/)
    .map((word) => fullWord(foldName(word)))
    .filter((word) => word !== "");
}

const namesOf = (option: DeliveryOption) =>
  [option.label, option.value, option.code].filter((name): name is string => !!name);

const sameWords = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join(" ") === [...b].sort().join(" ");

/** Options of which one name's words are all among the text's, or the text's all among the name's. */
function optionsSharingWords(words: readonly string[], options: readonly DeliveryOption[]): DeliveryOption[] {
  return options.filter((option) =>
    namesOf(option).some((name) => {
      const own = wordsOf(name);
      return own.every((word) => words.includes(word)) || words.every((word) => own.includes(word));
    }),
  );
}

/**
 * A delivery method as a sheet writes it, among the vendor's options: by label, code or value in
 * any case; in other spacing or punctuation ("pick up" for Pick-up), with its words in another
 * order or short forms written out ("OVERNIGHT" for O/N) read with a note; an option whose words
 * are among the text's ("standard courier" for Courier) or a misspelling of one offered.
 */
export function readDeliveryOption(text: string, options: readonly DeliveryOption[]): NameReading<DeliveryOption> {
  const lower = text.trim().toLowerCase();
  const exact = options.find((option) => namesOf(option).some((name) => name.trim().toLowerCase() === lower));
  if (exact) return { kind: "exact", value: exact };
  const folded = foldName(text);
  const words = wordsOf(text);
  const read = options.filter((option) =>
    namesOf(option).some((name) => foldName(name) === folded || sameWords(wordsOf(name), words)),
  );
  if (read.length === 1 && read[0]) return { kind: "read", value: read[0] };
  const sharing = optionsSharingWords(words, options);
  if (sharing.length === 1 && sharing[0]) return { kind: "near", value: sharing[0] };
  const nearest = closestBy(
    options,
    (option) => Math.max(...namesOf(option).map((name) => nameSimilarity(folded, foldName(name)))),
    NEAR_OPTION,
  );
  return nearest ? { kind: "near", value: nearest } : { kind: "none" };
}
