import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bandPrice } from "../../src/core/estimate";
import type { JobCandidate } from "../../src/core/vendor";
import { checkFile, startProxiedAccount, type ProxiedAccount } from "../helpers/engine-session";
import { samplePath } from "../helpers/samples";

let account: ProxiedAccount;
beforeAll(async () => {
  account = await startProxiedAccount();
});
afterAll(async () => account?.close());

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The estimate worked out by hand from the catalogue: band price × quantity, plus setup or reset. */
function expectedEstimate(candidate: JobCandidate): number {
  const { snapshot } = account;
  let total = 0;
  for (const line of candidate.items ?? []) {
    if (line.itemType === "Asset") {
      const asset = [...snapshot.assets, ...snapshot.globalAssets].find((a) => a.assetTag === line.code);
      total +=
        (bandPrice(asset?.priceBands ?? [], line.quantity ?? 0) ?? 0) * (line.quantity ?? 0) + (asset?.reset ?? 0);
    } else if (line.itemType === "Stock") {
      const item = snapshot.stock.find((s) => s.stockCode === line.code);
      const quantity = Object.values(line.sizeQuantities ?? {}).reduce((a, b) => a + b, 0);
      total += (bandPrice(item?.priceBands ?? [], quantity) ?? 0) * quantity;
    } else {
      const code = snapshot.priceCodes.find((c) => c.priceCode === line.code);
      total +=
        (bandPrice(code?.priceBands ?? [], line.quantity ?? 0) ?? 0) * (line.quantity ?? 0) +
        (code?.standardSetup ?? 0);
    }
  }
  return round2(total);
}

describe("the samples, checked against the simulator through the real proxy", () => {
  it("team orders: four jobs of mixed stock, price-code and asset lines, each passing validateOnly", async () => {
    const { engine } = await checkFile(account, samplePath("team-orders-winter.xlsx"));
    expect(engine.issues("error")).toEqual([]);
    const jobs = engine.jobs();
    expect(jobs.map((j) => [j.orderNumber, j.state, j.lineCount])).toEqual([
      ["KTP-27001", "ready", 11],
      ["KTP-27002", "ready", 8],
      ["KTP-27003", "ready", 3],
      ["KTP-27004", "ready", 3],
    ]);
    const payloads = engine.payloads();
    const karori = payloads.find((p) => p.orderNumber === "KTP-27001");
    expect(karori?.lineRows).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(karori?.candidate).toMatchObject({
      orderNumber: "KTP-27001",
      description: "Karori Football seniors",
      dateDue: "2027-02-15",
      mustDate: false,
      validateOnly: false,
      deliveryAddress: {
        contactName: "Hana Moore",
        organisation: "Karori Football Club",
        streetAddress: "10 Donald Street",
        suburb: "Karori",
        city: "Wellington",
        postalCode: "6012",
        countryCodeISO2: "NZ",
        country: "New Zealand",
        deliveryMethod: "CPSTD",
      },
    });
    expect(karori?.candidate.items?.slice(0, 4)).toEqual([
      {
        itemType: "Stock",
        code: "RJ100",
        variantCode: "RJ100-NVY-WHT",
        sizeQuantities: { S: 2, M: 4, L: 5, XL: 3, "2XL": 1 },
      },
      {
        itemType: "PriceCode",
        code: 'DTF 10" x 10": Full Colour',
        quantity: 15,
        customerReference: "KTP-27001-R6",
        attributes: { Fabric: "POLYESTER" },
      },
      {
        itemType: "PriceCode",
        code: 'HTV Name 2": Single Colour',
        quantity: 1,
        customerReference: "KTP-27001-R7",
        attributes: { VinylColour: "WHITE", PlayerName: "MOORE" },
      },
      {
        itemType: "PriceCode",
        code: 'HTV Number 8": Single Colour',
        quantity: 1,
        customerReference: "KTP-27001-R8",
        attributes: { VinylColour: "WHITE", PlayerNumber: "4" },
      },
    ]);
    expect(karori?.candidate.items?.at(-1)).toEqual({ itemType: "Asset", code: "A1042014", quantity: 25 });
    const youth = payloads.find((p) => p.orderNumber === "KTP-27003")?.candidate;
    expect(youth?.items?.[0]).toEqual({
      itemType: "Stock",
      code: "RJ100Y",
      variantCode: "RJ100Y-BLK-GLD",
      sizeQuantities: { "8": 6, "10": 8, "12": 4 },
    });
    expect(youth?.deliveryAddress?.countryCodeISO2).toBe("NZ");
    const pickup = payloads.find((p) => p.orderNumber === "KTP-27004")?.candidate;
    expect(pickup?.deliveryAddress?.deliveryMethod).toBe("PICKUP");
    for (const job of jobs)
      expect(job.estimate).toBe(
        expectedEstimate(payloads.find((p) => p.orderNumber === job.orderNumber)?.candidate as JobCandidate),
      );
    expect(engine.summary().estimate.total).toBe(round2(jobs.reduce((sum, j) => sum + j.estimate, 0)));
    expect(engine.summary().estimate.text).toMatch(/^\$[\d,]+\.\d\d$/);

    const validated = await engine.validate();
    expect(validated.jobs).toMatchObject({ valid: 4, ready: 0, rejected: 0 });
  });

  it(
    "reorder campaign: asset reorders with their reset charge, " + "the due date from the live earliest ship date",
    async () => {
      const { engine } = await checkFile(account, samplePath("reorder-campaign.csv"));
      expect(engine.issues("error")).toEqual([]);
      const payloads = engine.payloads();
      expect(payloads.map((p) => [p.orderNumber, p.lineRows])).toEqual([
        ["RO-3101", [2, 3, 4]],
        ["RO-3102", [5, 6]],
        ["RO-3103", [7]],
        ["RO-3104", [8, 9]],
      ]);
      const first = payloads[0]?.candidate;
      expect(first?.items).toEqual([
        { itemType: "Asset", code: "A1042001", quantity: 50, garment: "Tee" },
        { itemType: "Asset", code: "A1042002", quantity: 50, garment: "Tee" },
        { itemType: "Asset", code: "G-0001", quantity: 100 },
      ]);
      expect(first?.deliveryAddress).toMatchObject({
        organisation: "Café Rugby Club",
        contactName: "Tui Ranginui",
        deliveryMethod: "CPSTD",
        countryCodeISO2: "NZ",
      });
      const earliest = await account.client.getEarliestShipDate(engine.jobs()[0]?.processCodes ?? []);
      expect(first?.dateDue).toBe(earliest.ok ? earliest.value.shippingDateLocal.slice(0, 10) : "no date");
      const geelong = payloads[2]?.candidate.deliveryAddress;
      expect(geelong).toMatchObject({ countryCodeISO2: "AU", state: "Victoria", deliveryMethod: "INTL" });
      for (const job of engine.jobs())
        expect(job.estimate).toBe(
          expectedEstimate(payloads.find((p) => p.orderNumber === job.orderNumber)?.candidate as JobCandidate),
        );
      expect((await engine.validate()).jobs).toMatchObject({ valid: 4, rejected: 0 });
    },
  );

  it("stock order: size runs from wide columns (XXL read as 2XL, youth sizes), equipment by Qty", async () => {
    const { engine } = await checkFile(account, samplePath("stock-order.xlsx"));
    expect(engine.issues("error")).toEqual([]);
    const [warehouse, club] = engine.payloads();
    expect(warehouse?.candidate.items).toEqual([
      {
        itemType: "Stock",
        code: "AS5001",
        variantCode: "AS5001-BLK",
        sizeQuantities: { XS: 2, S: 6, M: 10, L: 10, XL: 6, "2XL": 3, "3XL": 1 },
      },
      {
        itemType: "Stock",
        code: "AS5001",
        variantCode: "AS5001-WHT",
        sizeQuantities: { S: 4, M: 8, L: 8, XL: 4, "2XL": 2 },
      },
      {
        itemType: "Stock",
        code: "AS5101",
        variantCode: "AS5101-NVY",
        sizeQuantities: { S: 2, M: 4, L: 4, XL: 2, "2XL": 1, "3XL": 1 },
      },
      { itemType: "Stock", code: "EQ-PILLOW", variantCode: "EQ-PILLOW-STD", sizeQuantities: { Qty: 2 } },
    ]);
    expect(warehouse?.candidate.deliveryAddress?.deliveryMethod).toBe("PICKUP");
    expect(club?.candidate.items).toEqual([
      {
        itemType: "Stock",
        code: "AS3006",
        variantCode: "AS3006-ROY",
        sizeQuantities: { "6": 5, "8": 8, "10": 6, "12": 3 },
      },
      { itemType: "Stock", code: "CP1140", variantCode: "CP1140-BLK", sizeQuantities: { OSFA: 24 } },
    ]);
    expect(engine.issues().map((i) => i.code)).toContain("STOCK_SIZE_NORMALISED");
    expect((await engine.validate()).jobs).toMatchObject({ valid: 2, rejected: 0 });
  });
});
