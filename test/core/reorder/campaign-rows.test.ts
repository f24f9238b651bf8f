import { describe, expect, it } from "vitest";
import type { FieldId } from "../../../src/core/fields";
import { classifyNonOrderRow } from "../../../src/core/non-order-rows";
import type { OrderRow } from "../../../src/core/order-rows";
import { assetListings, historyOf, type AssetListing } from "../../../src/core/reorder/asset-catalogue";
import {
  CAMPAIGN_HEADERS,
  campaignFileName,
  campaignSheetData,
  isUnorderedCampaignRow,
} from "../../../src/core/reorder/campaign-sheet-data";
import { reorderOfJob, tagsMissingFrom } from "../../../src/core/reorder/reorder-from-job";
import { orderableSuccessor } from "../../../src/core/reorder/successor";
import { asset, jobsOf, snapshotWith } from "./reorder-fixtures";

const snapshot = snapshotWith({
  assets: [
    asset("A100", { description: "Karori front crest", createDate: "2024-03-01T10:00:00Z" }),
    asset("A101", {
      description: "Numbers set",
      processCode: "SCR",
      garment: "Hoodie",
      reset: 24,
      assetUrl: null,
      priceBands: [
        { from: 25, to: 49, unitPrice: 0.58 },
        { from: 50, to: null, unitPrice: 0.52 },
      ],
    }),
    asset("A102", { description: "Karori front crest", isArchived: true, createDate: "2023-01-01T00:00:00Z" }),
    asset("A103", { description: "Karori front crest", createDate: "2025-09-01T00:00:00Z" }),
    asset("A104", { description: "Karori front crest", processCode: "SCR", createDate: "2026-01-01T00:00:00Z" }),
    asset("A105", { description: "Old sponsor", isArchived: true }),
    asset("A106", {
      description: "Renamed design",
      externalId: "club-77",
      createDate: "2026-02-01T00:00:00Z",
      priceCode: 'DTF 10" x 10": Full Colour',
    }),
    asset("A107", { description: "First name of the design", externalId: "club-77", isArchived: true }),
  ],
  globalAssets: [
    asset("G-1", { description: "Care label", isGlobal: true }),
    asset("G-2", { description: "Care label", isGlobal: true, isArchived: true }),
  ],
  stock: [{ stockCode: "AS5001", stockVariants: [{ variantCode: "AS5001-BLK" }] } as never],
});
const byTag = (tag: string) => assetListings(snapshot).find((l) => l.tag === tag) as AssetListing;

describe("orderableSuccessor", () => {
  it.each([
    ["the newest orderable asset with the same process, price code and description", "A102", "A103"],
    ["the asset with the same design id, whatever it is called now", "A107", "A106"],
    ["none for a design with no other version", "A105", undefined],
    ["a global design's among the global designs", "G-2", "G-1"],
  ])("%s", (_name, archived, expected) => {
    expect(orderableSuccessor(byTag(archived).asset, snapshot)?.assetTag ?? undefined).toBe(expected);
  });
});

describe("campaignSheetData", () => {
  const history = new Map([
    ["A100", historyOf(jobsOf("A100", [{ jobNumber: 31, dateOut: "2026-09-14T02:00:00Z", quantity: 40 }]))],
    ["A101", historyOf(jobsOf("A101", []))],
  ]);
  const data = campaignSheetData({
    snapshot,
    listings: [byTag("A100"), byTag("A102"), byTag("A101"), byTag("A100"), byTag("G-1")],
    historyOf: (tag) => history.get(tag),
    quantities: new Map([["A101", 60]]),
    today: "2026-11-20",
  });
  const headers = data.columns.map((c) => c.header);
  const cell = (row: number, header: string) => data.rows[row]?.cells[headers.indexOf(header)];

  it("writes one row per orderable design, never an archived one, each tag once", () => {
    expect(data.rows.map((r) => r.tag)).toEqual(["A100", "A101", "G-1"]);
  });

  it("gives each design what the customer chooses by, and leaves the importer's columns blank", () => {
    expect(headers).toEqual([
      "Asset tag",
      "Design",
      "Process",
      "Garment",
      "Preview",
      "Last ordered",
      "Last order qty",
      "Last job",
      "Minimum quantity",
      "Price per band (NZD)",
      "Reset charge (NZD)",
      "Quantity",
      "Order number",
      "Contact name",
      "Organisation",
      "Street address",
      "City",
      "State",
      "Postcode",
      "Country",
      "Delivery method",
      "Due date",
      "Email",
      "Phone",
      "Item type",
    ]);
    expect(data.rows[0]?.cells).toEqual([
      "A100",
      "Karori front crest",
      "Digital transfers",
      "Tee",
      { text: "Picture", link: "https://cdn.example/A100.png" },
      "2026-09-14",
      40,
      31,
      10,
      "10–24: 1.20; 25–49: 1.00; 50+: 0.80",
      6.5,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      "Asset",
    ]);
    expect(cell(1, "Last ordered")).toBe("Never");
    expect(cell(1, "Preview")).toBeNull();
    expect(cell(1, "Quantity")).toBe(60);
    expect(cell(1, "Minimum quantity")).toBe(25);
    expect(data.rows[1]?.minimum).toBe(25);
    expect(cell(2, "Last ordered")).toBeNull();
    expect(data.columns.filter((c) => c.kind === "input").map((c) => c.header)).toEqual(headers.slice(11, 24));
  });

  it(
    "lists delivery methods by their label where it is unique, " + "else by code, and countries with the default first",
    () => {
      expect(data.deliveryMethods).toEqual([
        { value: "CPSTD", code: "CPSTD", isCollection: false },
        { value: "XPRS", code: "XPRS", isCollection: false },
        { value: "Pick-up", code: "PICKUP", isCollection: true },
      ]);
      expect(data.countries).toEqual(["New Zealand", "Australia", "Fiji"]);
      expect(data.instructions.join("\n")).toContain("Pick-up needs no address");
      expect(data.title).toBe("Reorder campaign for Test Prints Ltd, made 2026-11-20");
    },
  );

  it("names the file after the day and what it reorders", () => {
    expect(campaignFileName("2026-11-20")).toBe("Reorder campaign 2026-11-20.xlsx");
    expect(campaignFileName("2026-11-20", "job 12/3")).toBe("Reorder of job 12 3 2026-11-20.xlsx");
  });
});

/** A campaign sheet's row read through its automatic mapping: the read fields, and the informing cells unmapped. */
function campaignRow(
  values: Partial<Record<FieldId, string>>,
  informing: Record<string, string> = {
    Design: "Karori front crest",
    "Price per band (NZD)": "10–24: 1.20",
    "Minimum quantity": "10",
  },
): OrderRow {
  return {
    rowNumber: 4,
    values: { code: "A100", itemType: "Asset", garment: "Tee", ...values },
    attributes: [],
    sizes: [],
    unmapped: Object.entries(informing).map(([column, value]) => ({ key: column, column, value })),
  };
}

describe("a campaign design left out", () => {
  it.each<[string, OrderRow, boolean]>([
    ["nothing filled in beside the tag", campaignRow({}), true],
    [
      "informing columns with their currency in other words",
      campaignRow({}, { "Reset charge (AUD)": "6.50", "Last ordered": "Never" }),
      true,
    ],
    ["a quantity: an order line missing its order number", campaignRow({ quantity: "20" }), false],
    ["an order number: an order line missing its quantity", campaignRow({ orderNumber: "CAMP-1" }), false],
    ["an address: someone meant to order it", campaignRow({ streetAddress: "1 Queen Street" }), false],
    [
      "a single informing column: not enough to tell a campaign sheet",
      campaignRow({}, { Design: "Karori front crest" }),
      false,
    ],
    [
      "an ordinary sheet's line with only a code",
      { rowNumber: 4, values: { code: "A100" }, attributes: [], sizes: [], unmapped: [] },
      false,
    ],
  ])("%s", (_name, row, expected) => {
    expect(isUnorderedCampaignRow(row)).toBe(expected);
    expect(classifyNonOrderRow(row)?.kind === "unordered").toBe(expected);
  });

  it("is noted on its quantity cell", () => {
    expect(classifyNonOrderRow(campaignRow({}))).toEqual({ kind: "unordered", field: "quantity", column: undefined });
    expect(CAMPAIGN_HEADERS.quantity).toBe("Quantity");
  });
});

describe("reorderOfJob", () => {
  it(
    "orders each design of a job again, adding lines of one design, " +
      "replacing archived ones and leaving out the rest",
    () => {
      const reorder = reorderOfJob(
        [
          { assetSku: "A100", quantity: 20 },
          { assetSku: "a100", quantity: 5 },
          { assetSku: "A102", quantity: 30 },
          { assetSku: "A105", quantity: 12 },
          { assetSku: "AS5001-BLK", quantity: 6 },
          { assetSku: "", quantity: 1 },
          { assetSku: "A999", quantity: 3 },
        ],
        snapshot,
      );
      expect(reorder.listings.map((l) => l.tag)).toEqual(["A100", "A103"]);
      expect([...reorder.quantities]).toEqual([
        ["A100", 25],
        ["A103", 30],
      ]);
      expect(reorder.replaced).toEqual([{ from: "A102", to: "A103" }]);
      expect(reorder.leftOut.map((l) => [l.line.assetSku, l.reason])).toEqual([
        ["A105", "archived"],
        ["AS5001-BLK", "no-design"],
        ["", "no-design"],
        ["A999", "unknown"],
      ]);
      expect(
        tagsMissingFrom(
          [
            { assetSku: "A999", quantity: 1 },
            { assetSku: "AS5001", quantity: 1 },
            { assetSku: "A100", quantity: 1 },
          ],
          snapshot,
        ),
      ).toEqual(["A999"]);
    },
  );
});
