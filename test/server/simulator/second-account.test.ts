/**
 * The second, differently shaped account (Tasman Transfers, the "tasman" connection) answers as the
 * API document says, through the real proxy: its price codes in their own format with their own
 * questions, its stock, its lookups, and jobs checked, created and listed. Every answer is read by
 * the client's schemas of the document.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allAssets, allPriceCodes, allStock, createVendorClient, type VendorClient } from "../../../src/api";
import type { AttributeDefinition, JobCandidate } from "../../../src/core/vendor";
import { CSRF, startProxyOverSimulator, type ProxyOverSimulator } from "../../helpers/proxy-over-simulator";
import { statusOf, unwrap } from "../../helpers/unwrap";

let proxy: ProxyOverSimulator;
let tasman: VendorClient;
let demo: VendorClient;
beforeAll(async () => {
  proxy = await startProxyOverSimulator();
  const client = (connection: string) =>
    createVendorClient({ baseUrl: `${proxy.url}/api/${connection}`, headers: CSRF, retryDelayMs: 0 });
  tasman = client("tasman");
  demo = client("demo");
});
afterAll(async () => proxy.close());

/** A product number, a size and a variant: "HT-100/A6/FC", "HL-600/3X1.5/NL", "HT-190/CUSTOM". */
const CODE_FORMAT = /^[A-Z]{2}-\d{3}\/[0-9A-Z.]+(\/[0-9A-Z]+)?$/;

async function question(code: string, name: string): Promise<AttributeDefinition> {
  const found = unwrap(await tasman.getPriceCode(code)).attributes?.find((a) => a.name === name);
  if (found === undefined) throw new Error(`${code} asks no ${name}`);
  return found;
}

describe("the second account (tasman)", () => {
  it("is its own account in the New Zealand region, reached by its own connection", async () => {
    const connection = proxy.connections.find((c) => c.name === "tasman");
    expect(connection?.baseUrl).toMatch(/\/nz\/api$/);
    expect(unwrap(await tasman.getAccount())).toMatchObject({
      id: 3077,
      name: "Tasman Transfers Ltd",
      currency: "NZD",
    });
    expect(unwrap(await tasman.getCurrentUser()).orderNumberPrefix).toBe("TTL");
    expect(unwrap(await tasman.listProcesses()).processes.length).toBeGreaterThanOrEqual(5);
  });

  it("lists price codes in its own format, a page of its own size when none is asked for", async () => {
    const codes = unwrap(await allPriceCodes(tasman, {}, { pageSize: 7 }));
    expect(codes.length).toBeGreaterThanOrEqual(40);
    for (const code of codes) {
      expect(code.priceCode).toMatch(CODE_FORMAT);
      expect(code.minimumQuantity).toBe(code.priceBands?.[0]?.from);
      expect(code.hasMetaDataAttributes).toBe(false);
    }
    expect(new Set(codes.map((c) => c.minimumQuantity)).size).toBeGreaterThanOrEqual(4);
    const demoCodes = new Set(unwrap(await allPriceCodes(demo)).map((c) => c.priceCode));
    expect(codes.filter((c) => demoCodes.has(c.priceCode))).toEqual([]);
    expect(statusOf(await tasman.getPriceCode('DTF 4" x 4": Full Colour'))).toBe(404);
    // The document leaves the price codes' page size to the server: this one chooses 24, the demo account 100.
    const first = unwrap(await tasman.listPriceCodes());
    const second = unwrap(await tasman.listPriceCodes({ page: 2 }));
    expect(first).toHaveLength(24);
    expect(second[0]?.priceCode).toBe(codes[24]?.priceCode);
    expect(unwrap(await demo.listPriceCodes()).length).toBeGreaterThan(24);
  });

  it("asks the same questions under its own names, labels and option values", async () => {
    const material = await question("HT-100/10X10/FC", "Material");
    expect(material).toMatchObject({ label: "Garment material", type: "select", required: true });
    const options = material.enumerableValues ?? [];
    expect(options.map((o) => o.value)).toContain("cotton");
    expect(options.every((o) => o.value === o.value.toLowerCase() && o.value !== o.text)).toBe(true);
    expect(await question("SP-200/8X10/2C", "Ink")).toMatchObject({ label: "Ink colours", type: "text" });
    expect(await question("CV-320/2IN/1C", "NameText")).toMatchObject({ label: "Player's name", maxLength: 12 });
    expect(await question("CV-310/8IN/1C", "ShirtNo")).toMatchObject({ label: "Shirt number", type: "text" });
    const names = unwrap(await allPriceCodes(tasman)).flatMap((c) => (c.attributes ?? []).map((a) => a.name));
    for (const standard of ["Fabric", "InkColours", "PlayerName", "PlayerNumber", "VinylColour", "Placement"])
      expect(names).not.toContain(standard);
  });

  it("prices its made-to-size codes by DG-X and DG-Y, left out of the list", async () => {
    const code = "HT-190/CUSTOM";
    const unpriced = unwrap(await tasman.getPriceCode(code));
    expect(unpriced.hasMetaDataAttributes).toBe(true);
    expect(unpriced.priceBands ?? null).toBeNull();
    expect(unpriced.attributes?.filter((a) => a.isMetaDataAttribute).map((a) => a.name)).toEqual(["DG-X", "DG-Y"]);
    const priced = unwrap(await tasman.getPriceCode(code, { dgX: 22, dgY: 48 }));
    expect(priced.priceBands?.[0]?.unitPrice).toBeGreaterThan(0);
    const tooWide = await tasman.getPriceCode(code, { dgX: 30, dgY: 10 });
    expect(tooWide.ok ? [] : Object.keys(tooWide.problem.errors)).toEqual(["dgX"]);
  });

  it("stocks its own garments: codes, variant codes, colours, Kids letter sizes, and its own page size", async () => {
    const stock = unwrap(await allStock(tasman, { includePricing: true }, { pageSize: 3 }));
    expect(stock.map((s) => s.stockCode)).toContain("GT100");
    expect(stock.map((s) => s.stockCode)).not.toContain("AS5001");
    const kids = stock.find((s) => s.stockName?.startsWith("Kids ") && s.stockCode === "GT110");
    expect(kids?.stockVariants[0]?.sizesCsv.split(",")).toEqual(expect.arrayContaining(["YS", "YM", "YL"]));
    expect(
      stock.flatMap((s) => s.stockVariants.map((v) => v.variantCode)).every((v) => /^[\w-]+\.\d{2}$/.test(v)),
    ).toBe(true);
    expect(stock.every((s) => (s.priceBands?.length ?? 0) > 0)).toBe(true);
    // The document leaves the stock list's page size to the server too.
    expect(unwrap(await tasman.listStock())).toHaveLength(8);
    const navy = unwrap(await tasman.getStockItem("GT100.03", { includePricing: true }));
    expect(navy.stockCode).toBe("GT100");
    expect(navy.stockVariants.find((v) => v.variantCode === "GT100.03")?.colour).toBe("French Navy");
    expect(navy.shippingConfigs?.[0]?.fulfilmentLocations[0]?.locationName).toBe("Nelson");
    expect(unwrap(await tasman.listStockShipping("NZ")).length).toBeGreaterThan(0);
    // The fixtures number this account's stock items from 9100; the standard stock's from 8000 are not its own.
    expect(unwrap(await tasman.getStockItemShipping(9100))[0]?.stockItemId).toBe(9100);
    expect(statusOf(await tasman.getStockItemShipping(8000))).toBe(400);
  });

  it("reads its own lookups: delivery options and size sets; shared countries, states and statuses", async () => {
    const options = unwrap(await tasman.listDeliveryOptions());
    expect(options.map((o) => o.code)).toEqual(expect.arrayContaining(["TT-STD", "TT-ON", "TT-COL"]));
    expect(options.some((o) => o.isCollection)).toBe(true);
    expect(options.map((o) => o.code)).not.toContain("CPSTD");
    const sets = unwrap(await tasman.listSizeSets());
    expect(sets.find((s) => s.name === "Kids")?.sizes).toEqual(expect.arrayContaining(["YS", "YM", "YL"]));
    expect(unwrap(await tasman.listCountries()).defaultCountry).toBe("NZ");
    expect(unwrap(await tasman.listStates("AU")).states.length).toBeGreaterThan(5);
    expect(unwrap(await tasman.listJobStatuses()).length).toBeGreaterThan(5);
    const ranks = unwrap(await tasman.listProcessCodes()).map((p) => p.rank ?? 0);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it("checks a job with validateOnly, creating nothing, then creates it and lists it", async () => {
    const assets = unwrap(await allAssets(tasman, { isArchived: false }));
    const tag = assets.find((a) => (a.priceBands[0]?.from ?? 1) <= 24)?.assetTag;
    expect(tag).toMatch(/^TT\d{2}-\d{4}$/);
    const candidate: JobCandidate = {
      orderNumber: "TTL-5001",
      description: "Nelson Giants",
      dateDue: "2027-03-01",
      deliveryAddress: {
        deliveryMethod: "TT-STD",
        contactName: "Mere Hohaia",
        streetAddress: "8 Trafalgar Street",
        city: "Nelson",
        postalCode: "7010",
        countryCodeISO2: "NZ",
      },
      items: [
        {
          itemType: "PriceCode",
          code: "HT-100/4X4/FC",
          quantity: 20,
          customerReference: "crest",
          attributes: { Material: "cotton", Position: "LC" },
        },
        { itemType: "Stock", code: "GT110", variantCode: "GT110.07", sizeQuantities: { YS: 2, YM: 3, YL: 1 } },
        { itemType: "Asset", code: tag ?? "", quantity: 24 },
      ],
    };
    const checked = await tasman.validateJob(candidate);
    expect(checked.ok && checked.status).toBe(200);
    expect(unwrap(checked).message).toMatch(/not created/);
    expect(unwrap(await tasman.listActiveJobs()).totalCount).toBe(0);
    // The standard catalogue's answers and delivery codes are not this account's.
    const standard = await tasman.validateJob({
      ...candidate,
      deliveryAddress: { ...candidate.deliveryAddress, deliveryMethod: "CPSTD" },
      items: [{ ...candidate.items?.[0], itemType: "PriceCode", attributes: { Material: "COTTON" } }],
    });
    expect(standard.ok ? [] : standard.problem.validationMessages.map((m) => m.errorCode).sort()).toEqual([
      "ATTRIBUTE_VALUE_INVALID",
      "DELIVERY_METHOD_INVALID",
    ]);

    const created = await tasman.createJob(candidate);
    expect(created.ok && created.status).toBe(201);
    const job = unwrap(created);
    expect(job.jobLineDetails.map((d) => d.quantity)).toEqual([20, 6, 24]);
    expect(job.jobLineDetails[0]?.newAssetSku).toMatch(/^TT\d{2}-\d{4}$/);
    const listed = unwrap(await tasman.listActiveJobs({ searchText: "TTL-5001" }));
    expect(listed.items.map((j) => j.jobNumber)).toEqual([job.jobNumber]);
    const detail = unwrap(await tasman.getJob(job.jobNumber));
    expect(detail.customerId).toBe(3077);
    expect(detail.lines.map((l) => l.assetSku)).toEqual([job.jobLineDetails[0]?.newAssetSku, "GT110.07", tag]);
    // The demo account sees neither the job nor its new asset.
    expect(statusOf(await demo.getJob(job.jobNumber))).toBe(404);
    expect(statusOf(await demo.getAsset(job.jobLineDetails[0]?.newAssetSku ?? ""))).toBe(404);
  });
});
