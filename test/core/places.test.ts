import { describe, expect, it } from "vitest";
import type { NameReading } from "../../src/core/name-reading";
import { readCountry, readState } from "../../src/core/places";
import type { Country, State } from "../../src/core/vendor";

const country = (name: string, iso2: string, iso3: string): Country => ({ name, iso2, iso3, hasState: true });

/** A lookup as another vendor might word it. */
const COUNTRIES: readonly Country[] = [
  country("New Zealand", "NZ", "NZL"),
  country("Australia", "AU", "AUS"),
  country("United States of America", "US", "USA"),
  country("Germany", "DE", "DEU"),
  country("United Kingdom", "GB", "GBR"),
  country("Samoa", "WS", "WSM"),
];

/** A reading as the tests compare it: its kind and the value's name. */
const shown = (reading: NameReading<{ name: string }>) =>
  reading.kind === "none" ? ["none", reading.knownAs] : [reading.kind, reading.value.name];

describe("countries as sheets write them", () => {
  it.each([
    ["New Zealand", "exact", "New Zealand"],
    ["new zealand", "exact", "New Zealand"],
    ["NZL", "exact", "New Zealand"],
    ["nz", "exact", "New Zealand"],
    ["USA", "exact", "United States of America"],
    ["Neuseeland", "read", "New Zealand"],
    ["Nouvelle-Zélande", "read", "New Zealand"],
    ["Nueva Zelanda", "read", "New Zealand"],
    ["Nuova Zelanda", "read", "New Zealand"],
    ["Nieuw-Zeeland", "read", "New Zealand"],
    ["New-Zealand", "read", "New Zealand"],
    ["Deutschland", "read", "Germany"],
    ["Allemagne", "read", "Germany"],
    ["Australien", "read", "Australia"],
    ["Aust.", "read", "Australia"],
    ["Vereinigte Staaten", "read", "United States of America"],
    ["U.S.A.", "read", "United States of America"],
    ["Estados Unidos", "read", "United States of America"],
    ["United States", "read", "United States of America"],
    ["UK", "read", "United Kingdom"],
    ["England", "read", "United Kingdom"],
    ["Neuseelnad", "near", "New Zealand"],
    ["Nu Zealand", "near", "New Zealand"],
    ["Austrailia", "near", "Australia"],
    ["Germnay", "near", "Germany"],
  ] as const)("%s is %s %s", (text, kind, name) => {
    expect(shown(readCountry(text, COUNTRIES))).toEqual([kind, name]);
  });

  it.each([
    ["Austria", "Austria"],
    ["Österreich", "Austria"],
    ["American Samoa", "American Samoa"],
    ["Narnia", undefined],
    ["", undefined],
  ] as const)("%s is no country of the lookup (%s)", (text, knownAs) => {
    expect(shown(readCountry(text, COUNTRIES))).toEqual(["none", knownAs]);
  });

  it("never offers a country for a near name of a country the lookup lacks", () => {
    // "Austira" is nearer Austria than Australia: no suggestion rather than the wrong one.
    expect(readCountry("Austira", COUNTRIES).kind).toBe("none");
  });
});

const states = (...names: readonly (readonly [string, string])[]): State[] =>
  names.map(([name, abbreviation]) => ({ name, abbreviation }));

const US = states(["California", "CA"], ["New York", "NY"], ["Texas", "TX"], ["Washington", "WA"]);
const AU = states(["New South Wales", "NSW"], ["Queensland", "QLD"], ["Northern Territory", "NT"], ["Tasmania", "TAS"]);
const NZ = states(["Auckland", "AUK"], ["Wellington", "WGN"], ["Canterbury", "CAN"]);

describe("states as sheets write them", () => {
  it.each([
    [US, "California", "exact", "California"],
    [US, "ca", "exact", "California"],
    [AU, "qld", "exact", "Queensland"],
    [AU, "N.S.W.", "read", "New South Wales"],
    [AU, "new-south-wales", "read", "New South Wales"],
    [US, "State of New York", "read", "New York"],
    [NZ, "Auckland Region", "read", "Auckland"],
    [US, "Californa", "near", "California"],
    [AU, "Queensand", "near", "Queensland"],
    [NZ, "Aukland", "near", "Auckland"],
    [NZ, "Welington", "near", "Wellington"],
    [US, "Calif", "near", "California"],
    [US, "Ontario", "none", undefined],
  ] as const)("%#: %s is %s %s", (list, text, kind, name) => {
    expect(shown(readState(text, list))).toEqual([kind, name]);
  });
});
