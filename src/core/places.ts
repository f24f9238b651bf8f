import { FoldedNames, foldName, type NameReading } from "./name-reading";
import type { Country, State } from "./vendor";

/** The languages order sheets come in: a country may be written in any of them ("Neuseeland", "Nueva Zelanda"). */
const SHEET_LANGUAGES = ["en", "de", "fr", "es", "it", "nl"];

/**
 * Names people write for countries that the runtime's region names leave out, by ISO code: other
 * English names, abbreviations with dots, and the nations of the United Kingdom (an address in
 * Wales is in GB).
 */
const OTHER_COUNTRY_NAMES: Readonly<Record<string, readonly string[]>> = {
  US: ["USA", "U.S.A.", "U.S.", "United States of America", "America", "EE. UU.", "EEUU"],
  GB: ["UK", "U.K.", "Great Britain", "Britain", "England", "Scotland", "Wales", "Northern Ireland"],
  NZ: ["N.Z.", "Aotearoa"],
  AU: ["Aus", "Aust", "Aust."],
  NL: ["Holland"],
  IE: ["Eire", "Republic of Ireland"],
  AE: ["UAE", "U.A.E."],
  CZ: ["Czech Republic"],
  KR: ["Korea"],
};

/** Similarity a misspelt name needs to be offered; a country name is long enough for this to mean a typo. */
const NEAR_COUNTRY = 0.75;
const NEAR_STATE = 0.6;

type RegionNames = (code: string) => readonly string[];

/** A region's names in the sheet languages (long and short forms), from the runtime's Intl data; none without it. */
function regionNamesFromIntl(): RegionNames {
  const DisplayNames = (Intl as { DisplayNames?: typeof Intl.DisplayNames }).DisplayNames;
  if (typeof DisplayNames !== "function") return () => [];
  const namers = SHEET_LANGUAGES.flatMap((language) =>
    (["long", "short"] as const).map(
      (style) => new DisplayNames([language], { type: "region", style, fallback: "none" }),
    ),
  );
  return (code) => {
    const names = new Set<string>();
    for (const namer of namers) {
      try {
        const name = namer.of(code);
        if (name) names.add(name);
      } catch {
        // A code the runtime does not take as a region has no other names.
      }
    }
    return [...names];
  };
}

let regionNames: RegionNames | undefined;

interface CountryNames {
  readonly exact: ReadonlyMap<string, Country>;
  readonly lookup: FoldedNames<Country>;
  /** Every other country in the world, by its names: what a name the lookup lacks names. */
  readonly others: FoldedNames<string>;
  /** Each text read so far: an order's country repeats down a sheet, and a near match compares every name. */
  readonly readings: Map<string, NameReading<Country>>;
}

const namesByList = new WeakMap<readonly Country[], CountryNames>();

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

function countryNamesOf(countries: readonly Country[]): CountryNames {
  const known = namesByList.get(countries);
  if (known) return known;
  regionNames ??= regionNamesFromIntl();
  const exact = new Map<string, Country>();
  const lookup = new FoldedNames<Country>();
  for (const country of countries) {
    for (const name of [country.name, country.iso2, country.iso3])
      if (name) exact.set(name.trim().toLowerCase(), country);
    for (const name of [country.name, country.iso2, country.iso3, ...regionNames(country.iso2.toUpperCase())])
      lookup.add(name, country);
    for (const name of OTHER_COUNTRY_NAMES[country.iso2.toUpperCase()] ?? []) lookup.add(name, country);
  }
  const others = new FoldedNames<string>();
  const inLookup = new Set(countries.map((c) => c.iso2.toUpperCase()));
  for (const first of LETTERS)
    for (const second of LETTERS) {
      const code = first + second;
      if (inLookup.has(code)) continue;
      const names = regionNames(code);
      // Old codes share their successor's names (DD is also "Germany"): those stay the lookup's.
      for (const name of names) if (foldName(name).length > 3 && !lookup.has(name)) others.add(name, names[0] ?? code);
    }
  const names = { exact, lookup, others, readings: new Map() };
  namesByList.set(countries, names);
  return names;
}

/**
 * A country as a sheet writes it, among the vendor's countries: by the lookup's own name or
 * codes; by another name or language ("Neuseeland", "Nouvelle-Zélande", "U.S.A.") read with a
 * note; a misspelling of one offered. A name of a country the lookup lacks ("Austria") is no
 * country, and never offered as a neighbour's misspelling ("Australia").
 */
export function readCountry(text: string, countries: readonly Country[]): NameReading<Country> {
  const names = countryNamesOf(countries);
  let reading = names.readings.get(text);
  if (reading === undefined) {
    if (names.readings.size >= READINGS_MEMO_LIMIT) names.readings.clear();
    names.readings.set(text, (reading = countryReading(text, names)));
  }
  return reading;
}

const READINGS_MEMO_LIMIT = 5_000;

function countryReading(text: string, names: CountryNames): NameReading<Country> {
  const exact = names.exact.get(text.trim().toLowerCase());
  if (exact) return { kind: "exact", value: exact };
  const read = names.lookup.get(text);
  if (read) return { kind: "read", value: read };
  const other = names.others.get(text);
  if (other !== undefined) return { kind: "none", knownAs: other };
  const near = names.lookup.nearest(text, 4);
  const nearOther = names.others.nearest(text, 4);
  if (near && near.score >= NEAR_COUNTRY && !(nearOther && nearOther.score >= near.score))
    return { kind: "near", value: near.value };
  return { kind: "none" };
}

/** Words that name what a state is rather than which ("State of New York", "Auckland Region"). */
const STATE_WORDS = /\b(state|province|region|territory|of|the)\b/gi;

const statesByList = new WeakMap<readonly State[], { byName: FoldedNames<State>; byCore: FoldedNames<State> }>();

function stateNamesOf(states: readonly State[]) {
  let names = statesByList.get(states);
  if (names === undefined) {
    names = { byName: new FoldedNames<State>(), byCore: new FoldedNames<State>() };
    for (const state of states) {
      names.byName.add(state.name, state);
      names.byName.add(state.abbreviation, state);
      names.byCore.add(state.name.replace(STATE_WORDS, " "), state);
    }
    statesByList.set(states, names);
  }
  return names;
}

/**
 * A state as a sheet writes it, among a country's states: by name or abbreviation in any case;
 * with other punctuation or spacing ("N.S.W.", "New-South-Wales") or the words that say what it
 * is ("State of New York") read with a note; a misspelling ("Californa") or the start of a name
 * ("Calif") offered.
 */
export function readState(text: string, states: readonly State[]): NameReading<State> {
  const lower = text.trim().toLowerCase();
  const exact = states.find((s) => s.name.toLowerCase() === lower || s.abbreviation?.toLowerCase() === lower);
  if (exact) return { kind: "exact", value: exact };
  const names = stateNamesOf(states);
  const read = names.byName.get(text) ?? names.byCore.get(text.replace(STATE_WORDS, " "));
  if (read) return { kind: "read", value: read };
  const near = names.byName.nearest(text, 3);
  if (near && near.score >= NEAR_STATE) return { kind: "near", value: near.value };
  const started = names.byName.onlyStartingWith(text, 4);
  return started ? { kind: "near", value: started } : { kind: "none" };
}
