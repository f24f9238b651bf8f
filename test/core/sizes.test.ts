import { describe, expect, it } from "vitest";
import {
  agesInRunFor,
  isNumberRun,
  lettersInRunFor,
  looksLikeSize,
  sizeKey,
  youthSizeOf,
  type YouthSize,
} from "../../src/core/sizes";

const age = (n: number): YouthSize => ({ kind: "age", age: n });
const letter = (l: string): YouthSize => ({ kind: "letter", letter: l, key: `Y${l}` });

describe("youth sizes as people write them", () => {
  it.each([
    ["Y10", age(10)],
    ["10Y", age(10)],
    ["10 yrs", age(10)],
    ["10 years", age(10)],
    ["10yo", age(10)],
    ["Age 10", age(10)],
    ["Ages 10", age(10)],
    ["Kids 8", age(8)],
    ["K8", age(8)],
    ["Junior 12", age(12)],
    ["Jr. 12", age(12)],
    ["Youth 08", age(8)],
    ["12 Kids", age(12)],
    ["10 Jahre", age(10)],
    ["10 ans", age(10)],
    ["10 años", age(10)],
    ["10 anni", age(10)],
    ["10 jaar", age(10)],
    ["YM", letter("M")],
    ["YS", letter("S")],
    ["YL", letter("L")],
    ["YXL", letter("XL")],
    ["Y-XS", letter("XS")],
    ["Youth M", letter("M")],
    ["Youth Medium", letter("M")],
    ["Kids' Large", letter("L")],
    ["Junior S", letter("S")],
    ["M (Youth)", letter("M")],
    ["S Kids", letter("S")],
  ] as const)("%s is %j", (label, youth) => {
    expect(youthSizeOf(label)).toEqual(youth);
  });

  it.each(["10", "M", "XL", "Size 10", "2XL", "OSFA", "Qty", "KM", "S/M", "Y100", "Youth", "Kids"])(
    "%s is no youth size",
    (label) => {
      expect(youthSizeOf(label)).toBeUndefined();
    },
  );

  it.each([
    ["Y10", "10"],
    ["10 yrs", "10"],
    ["Age 10", "10"],
    ["Size 10", "10"],
    ["YM", "YM"],
    ["Youth M", "YM"],
    ["Kids Medium", "YM"],
    ["Y-M", "YM"],
    ["M", "M"],
    ["S/M", "S/M"],
  ] as const)("%s compares as %s", (label, key) => {
    expect(sizeKey(label)).toBe(key);
  });
});

describe("youth letters and ages in another run", () => {
  const byAge = ["4", "6", "8", "10", "12", "14"];
  const byLetter = ["YS", "YM", "YL", "YXL"];

  it.each([
    ["S", ["6", "8"]],
    ["M", ["10", "12"]],
    ["L", ["14"]],
    ["XL", []],
  ] as const)("youth %s is usually %j in a run by age", (youthLetter, sizes) => {
    expect(agesInRunFor(youthLetter, byAge)).toEqual(sizes);
  });

  it.each([
    [8, byLetter, false, ["YS"]],
    [10, byLetter, false, ["YM"]],
    [16, byLetter, false, ["YL"]],
    [9, byLetter, false, []],
    [10, ["S", "M", "L"], false, []],
    [10, ["S", "M", "L"], true, ["M"]],
  ] as const)("age %i in %j (plain letters: %s) is usually %j", (years, run, plain, sizes) => {
    expect(lettersInRunFor(years, run, plain)).toEqual(sizes);
  });

  it("tells a run by number from a run by letter", () => {
    expect(isNumberRun(byAge)).toBe(true);
    expect(isNumberRun(["8", "10", "12", "14", "16"])).toBe(true);
    expect(isNumberRun(byLetter)).toBe(false);
    expect(isNumberRun(["S", "M", "L"])).toBe(false);
  });

  it("reads youth headers as sizes in a wide layout", () => {
    for (const header of ["YM", "Youth M", "10 yrs", "Age 10", "Kids 8", "K8", "Junior 12", "10Y"])
      expect(looksLikeSize(header, new Set(), false), header).toBe(true);
    for (const header of ["Youth", "Kids", "Years", "KM"])
      expect(looksLikeSize(header, new Set(), false), header).toBe(false);
  });
});

describe("one size, as each language writes it", () => {
  it.each([
    "One size",
    "OSFA",
    "Einheitsgröße",
    "Einheitsgrösse",
    "Taille unique",
    "Talla única",
    "Taglia unica",
    "TU",
  ])("%s is the one size", (label) => {
    expect(sizeKey(label)).toBe(sizeKey("One Size"));
  });
});
