import { describe, expect, it } from "vitest";
import type { StockItem } from "../../src/core/vendor";
import { areAgeVersions, isYouthItem, sameColourIn, youthVersionOf } from "../../src/core/youth-versions";
import { stockItem } from "./stock-fixtures";

const jersey = stockItem("RJ100", "Rugby Jersey", "S,M,L,XL", ["Black Gold", "Navy White"]);
const youthJersey = stockItem("RJ100Y", "Youth Rugby Jersey", "4,6,8,10,12,14", ["Black Gold"]);
const hoodie = stockItem("CH200", "Club Hoodie", "S,M,L,XL", ["Black"]);
const kidsHoodie = stockItem("KH9", "Kids' Club Hoodie", "YS,YM,YL", ["Black"]);
const polo = stockItem("PL1", "Adult Polo", "S,M,L", ["Red"]);
const juniorPolo = stockItem("PL1-JR", "Polo", "8,10,12", ["Red"]);
const tee = stockItem("T1", "Tee", "S,M,L", ["White"]);
const youthTee = stockItem("T1Y", "Youth Tee", "8,10", ["White"]);
const kidsTee = stockItem("KDT1", "Kids Tee", "YS,YM", ["White"]);
const cap = stockItem("CAP", "Cap", "OSFA", ["Black"]);
const STOCK = [jersey, youthJersey, hoodie, kidsHoodie, polo, juniorPolo, tee, youthTee, kidsTee, cap];

describe("a garment's youth version", () => {
  it.each([
    ["named and coded alike", jersey, youthJersey],
    ["named alike, with a kids word and an apostrophe", hoodie, kidsHoodie],
    ["coded alike with a junior mark, the adult named as such", polo, juniorPolo],
    ["named alike by two items, coded alike by one of them", tee, youthTee],
  ] as const)("%s", (_name, adult, youth) => {
    expect(youthVersionOf(adult, STOCK)).toBe(youth);
    expect(areAgeVersions(adult, youth, STOCK)).toBe(true);
    expect(areAgeVersions(youth, adult, STOCK)).toBe(true);
  });

  it("has none for a garment with no youth version, or one that is itself a youth garment", () => {
    expect(youthVersionOf(cap, STOCK)).toBeUndefined();
    expect(youthVersionOf(youthJersey, STOCK)).toBeUndefined();
    expect(areAgeVersions(jersey, hoodie, STOCK)).toBe(false);
  });

  it("has none when two youth garments are equally good", () => {
    const twins = [tee, stockItem("KT2", "Kids Tee", "8", ["White"]), stockItem("JT3", "Junior Tee", "8", ["White"])];
    expect(youthVersionOf(tee, twins)).toBeUndefined();
  });

  it("tells a youth garment by its name, in the sheet languages too", () => {
    expect([jersey, youthJersey, kidsHoodie, juniorPolo].map(isYouthItem)).toEqual([false, true, true, false]);
    expect(isYouthItem(stockItem("X", "T-shirt Enfant", "8", ["Blanc"]))).toBe(true);
  });
});

describe("the same colour in the other version", () => {
  it("is found by colour name, in any case and spacing", () => {
    const variant = jersey.stockVariants[0];
    if (!variant) throw new Error("no variant");
    const other = stockItem("RJ100Y", "Youth Rugby Jersey", "8", ["black  GOLD"]);
    expect(sameColourIn(variant, jersey, other)?.variantCode).toBe("RJ100Y-GOLD");
  });

  it("is found by the variant code with the item's code swapped when the colours are unnamed", () => {
    const unnamed = (item: StockItem): StockItem => ({
      ...item,
      stockVariants: item.stockVariants.map((v) => ({ ...v, colour: null })),
    });
    const variant = unnamed(jersey).stockVariants[0];
    if (!variant) throw new Error("no variant");
    expect(sameColourIn(variant, unnamed(jersey), unnamed(youthJersey))?.variantCode).toBe("RJ100Y-BG");
  });

  it("is none when the other version does not come in it", () => {
    const navy = jersey.stockVariants[1];
    if (!navy) throw new Error("no variant");
    expect(sameColourIn(navy, jersey, youthJersey)).toBeUndefined();
  });
});
