import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allAssets, allGlobalAssets, allPriceCodes, allStock, type VendorClient } from "../../../src/api";
import { startSimulator, type RunningSimulator } from "../../../src/server/simulator/simulator";
import { SIM_START } from "../../helpers/sim-clock";
import { simClient } from "../../helpers/sim-client";
import { unwrap } from "../../helpers/unwrap";

let sim: RunningSimulator;
let nz: VendorClient;
let au: VendorClient;
beforeAll(async () => {
  sim = await startSimulator({ startAt: SIM_START });
  nz = simClient(sim, "kiwi-team-print");
  au = simClient(sim, "southern-cross");
});
afterAll(async () => sim.close());

describe("the simulator's catalogue", () => {
  it("lists at least 40 price codes with sizes, quotes and colons in their names", async () => {
    const codes = unwrap(await allPriceCodes(nz, {}, { pageSize: 7 }));
    expect(codes.length).toBeGreaterThanOrEqual(40);
    expect(codes.some((c) => c.priceCode?.includes('"') && c.priceCode.includes(":"))).toBe(true);
    expect(new Set(codes.map((c) => c.processCode)).size).toBeGreaterThanOrEqual(5);
    for (const code of codes) expect(code.minimumQuantity).toBe(code.priceBands?.[0]?.from);
    expect(codes.some((c) => c.standardSetup === null) && codes.some((c) => c.standardSetup !== null)).toBe(true);
    expect(codes.some((c) => c.standardReset === null) && codes.some((c) => c.standardReset !== null)).toBe(true);
    expect(codes.some((c) => c.sampleAvailable && c.samplePrice !== null)).toBe(true);
    expect(codes.some((c) => (c.priceBands?.[0]?.from ?? 1) > 1)).toBe(true);
  });

  it("has attributes of every type, required ones, select lists and text limits", async () => {
    const attributes = unwrap(await allPriceCodes(nz)).flatMap((c) => c.attributes ?? []);
    expect(new Set(attributes.map((a) => a.type))).toEqual(new Set(["select", "text", "int", "decimal"]));
    expect(attributes.some((a) => a.required)).toBe(true);
    expect(attributes.some((a) => a.type === "select" && (a.enumerableValues?.length ?? 0) > 2)).toBe(true);
    expect(attributes.some((a) => a.type === "text" && typeof a.maxLength === "number")).toBe(true);
  });

  it("names the ink-colours question differently by region", async () => {
    const scr = "SCR A4: 2 Colour";
    const nzNames = unwrap(await nz.getPriceCode(scr)).attributes?.map((a) => a.name);
    const auNames = unwrap(await au.getPriceCode(scr)).attributes?.map((a) => a.name);
    expect(nzNames).toContain("InkColours");
    expect(auNames).toContain("Ink_Colours");
    expect(auNames).not.toContain("InkColours");
  });

  it("leaves custom-dimension codes out of the list and prices them by DG-X and DG-Y", async () => {
    const listed = unwrap(await allPriceCodes(nz));
    expect(listed.some((c) => c.hasMetaDataAttributes)).toBe(false);
    const code = "DTF Gang Sheet: Custom Size";
    // Without a size it is described but cannot be priced.
    const unpriced = unwrap(await nz.getPriceCode(code));
    expect(unpriced.priceBands ?? null).toBeNull();
    const halfSized = await nz.getPriceCode(code, { dgX: 10 });
    expect(halfSized.ok ? [] : Object.keys(halfSized.problem.errors)).toEqual(["dgY"]);
    const tooWide = await nz.getPriceCode(code, { dgX: 30, dgY: 10 });
    expect(tooWide.ok ? [] : Object.keys(tooWide.problem.errors)).toEqual(["dgX"]);
    const small = unwrap(await nz.getPriceCode(code, { dgX: 10, dgY: 10 }));
    const large = unwrap(await nz.getPriceCode(code, { dgX: 22, dgY: 40 }));
    expect(small.hasMetaDataAttributes).toBe(true);
    const meta = small.attributes?.filter((a) => a.isMetaDataAttribute).map((a) => a.name);
    expect(meta).toEqual(["DG-X", "DG-Y"]);
    expect(large.priceBands?.[0]?.unitPrice).toBeGreaterThan(small.priceBands?.[0]?.unitPrice ?? Infinity);
  });

  it("prices by each account's tier", async () => {
    const nzCode = unwrap(await nz.getPriceCode('DTF 10" x 10": Full Colour'));
    const auCode = unwrap(await au.getPriceCode('DTF 10" x 10": Full Colour'));
    expect(auCode.priceBands?.[0]?.unitPrice).not.toBe(nzCode.priceBands?.[0]?.unitPrice);
    expect(unwrap(await nz.getAccount()).currency).toBe("NZD");
    expect(unwrap(await au.getAccount()).currency).toBe("AUD");
    expect(unwrap(await au.listProcesses()).processes.map((p) => p.processCode)).not.toContain("SUB");
  });

  it("holds over 200 assets, some archived, plus global ones", async () => {
    const own = unwrap(await allAssets(nz));
    const global = unwrap(await allGlobalAssets(nz));
    expect(own.length).toBeGreaterThanOrEqual(200);
    expect(own.some((a) => a.isArchived)).toBe(true);
    expect(own.every((a) => !a.isGlobal)).toBe(true);
    expect(global.length).toBeGreaterThan(0);
    expect(global.every((a) => a.isGlobal)).toBe(true);
    expect(own.every((a) => !("attributes" in a))).toBe(true);
  });

  it("stocks garments with size runs and equipment sold by Qty", async () => {
    const stock = unwrap(await allStock(nz, {}, { pageSize: 4 }));
    expect(stock.length).toBeGreaterThanOrEqual(8);
    const sizes = stock.flatMap((s) => s.stockVariants.map((v) => v.sizesCsv));
    expect(sizes).toContain("Qty");
    expect(sizes.some((s) => s.split(",").length >= 5)).toBe(true);
  });

  it("offers delivery options including a collection, countries with states, and reference lookups", async () => {
    const options = unwrap(await nz.listDeliveryOptions());
    expect(options.some((o) => o.isCollection)).toBe(true);
    const countries = unwrap(await nz.listCountries());
    expect(countries.defaultCountry).toBe("NZ");
    expect(unwrap(await nz.listStates("AU")).states.length).toBeGreaterThan(5);
    expect(unwrap(await nz.listStates("NZ")).states).toEqual([]);
    expect(unwrap(await nz.listJobStatuses()).length).toBeGreaterThan(5);
    expect(unwrap(await nz.listSizeSets()).some((s) => s.sizes.includes("Qty"))).toBe(true);
    const ranks = unwrap(await nz.listProcessCodes()).map((p) => p.rank ?? 0);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it("has an administrator and a plain user, transactions and shipment settings", async () => {
    expect(unwrap(await nz.getCurrentUser()).orderNumberPrefix).toBe("KTP");
    expect(unwrap(await nz.listUsers()).entities.length).toBeGreaterThanOrEqual(2);
    const staff = simClient(sim, "kiwi-team-print-staff");
    const refused = await staff.listUsers();
    expect(refused.ok ? 200 : refused.problem.status).toBe(403);
    expect(unwrap(await nz.listTransactions()).totalResults).toBeGreaterThan(20);
    expect(unwrap(await nz.getShipmentSettings()).freightRates.length).toBeGreaterThan(0);
  });

  it("knows valid, expired and process-specific promo codes", async () => {
    expect(unwrap(await nz.validatePromoCode("WELCOME10")).isValid).toBe(true);
    const expired = unwrap(await nz.validatePromoCode("WINTER24"));
    expect(expired.isValid).toBe(false);
    expect(expired.message).toMatch(/expired/);
    expect(unwrap(await nz.validatePromoCode("DTFDEAL", ["DTF"]))).toMatchObject({
      isValid: true,
      applicableProcessCodes: ["DTF"],
    });
    expect(unwrap(await nz.validatePromoCode("DTFDEAL", ["SCR"])).isValid).toBe(false);
    expect(unwrap(await nz.validatePromoCode("NOSUCHCODE")).isValid).toBe(false);
  });
});
