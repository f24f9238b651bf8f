import { describe, expect, it } from "vitest";
import {
  assetFacets,
  assetListings,
  describeBands,
  filterAssets,
  findListing,
  historyOf,
  minimumQuantity,
  orderedSince,
  previewLink,
  thumbnailUrl,
  type AssetFilter,
  type AssetHistory,
} from "../../../src/core/reorder/asset-catalogue";
import { asset, jobsOf, snapshotWith } from "./reorder-fixtures";

const snapshot = snapshotWith({
  assets: [
    asset("A100", { description: "Karori Football front crest", garment: "Tee", createDate: "2024-03-01T10:00:00Z" }),
    asset("A101", {
      description: "Karori Football numbers set",
      processCode: "SCR",
      garment: "Hoodie",
      createDate: "2025-07-15T10:00:00Z",
    }),
    asset("A102", { description: "Otago Rugby sleeve logo", garment: "tee", createDate: "2026-01-02T23:30:00Z" }),
    asset("A103", { description: "Karori Football old crest", isArchived: true, createDate: "2023-05-05T00:00:00Z" }),
  ],
  globalAssets: [
    asset("G-1", { description: "Care label", isGlobal: true, garment: null, createDate: "2022-03-01T00:00:00Z" }),
    // A global asset with an own tag is the own one.
    asset("A100", { description: "A global twin", isGlobal: true }),
  ],
});
const listings = assetListings(snapshot);

const histories = new Map<string, AssetHistory>([
  [
    "A100",
    historyOf(
      jobsOf("A100", [
        { jobNumber: 5, dateOut: "2026-10-01T03:00:00Z", quantity: 40 },
        { jobNumber: 2, dateOut: "2025-02-01T00:00:00Z" },
      ]),
    ),
  ],
  [
    "A101",
    historyOf(
      jobsOf("A101", [
        { jobNumber: 9, dateOut: null, quantity: 12 },
        { jobNumber: 3, dateOut: "2024-01-01T00:00:00Z" },
      ]),
    ),
  ],
  ["A102", historyOf(jobsOf("A102", []))],
]);
const known = (tag: string) => histories.get(tag);
const tagsOf = (filter: AssetFilter) => filterAssets(listings, filter, known).matching.map((l) => l.tag);

describe("assetListings", () => {
  it("lists own designs then global ones, each tag once, marking global and archived", () => {
    expect(listings.map((l) => [l.tag, l.isGlobal, l.isArchived])).toEqual([
      ["A100", false, false],
      ["A101", false, false],
      ["A102", false, false],
      ["A103", false, true],
      ["G-1", true, false],
    ]);
    expect(findListing(snapshot, " a100 ")?.asset.description).toBe("Karori Football front crest");
  });
});

describe("filterAssets", () => {
  it.each<[string, AssetFilter, string[]]>([
    ["nothing: every orderable design, archived hidden", {}, ["A100", "A101", "A102", "G-1"]],
    ["archived shown when asked", { showArchived: true }, ["A100", "A101", "A102", "A103", "G-1"]],
    ["global designs hidden when asked", { showGlobal: false }, ["A100", "A101", "A102"]],
    ["search: every word, any case, in any field", { search: "karori CREST" }, ["A100"]],
    ["search by tag", { search: "a10" }, ["A100", "A101", "A102"]],
    ["search by price code", { search: '4" x 4"' }, ["A100", "A101", "A102", "G-1"]],
    ["process", { processCode: "scr" }, ["A101"]],
    ["garment, any case", { garment: "TEE" }, ["A100", "A102"]],
    ["created from a day", { createdFrom: "2025-07-15" }, ["A101", "A102"]],
    ["created up to a day (UTC)", { createdTo: "2026-01-01" }, ["A100", "A101", "G-1"]],
    ["ordered since: dispatched since, or open now", { orderedSince: "2026-01-01" }, ["A100", "A101"]],
    ["ordered since a day after every dispatch: only the open job", { orderedSince: "2026-10-02" }, ["A101"]],
  ])("%s", (_name, filter, expected) => {
    expect(tagsOf(filter)).toEqual(expected);
  });

  it("sets aside the designs whose order history is not known yet, without dropping them", () => {
    const result = filterAssets(listings, { orderedSince: "2020-01-01" }, known);
    expect(result.matching.map((l) => l.tag)).toEqual(["A100", "A101"]);
    expect(result.awaitingHistory.map((l) => l.tag)).toEqual(["G-1"]);
    expect(
      filterAssets(listings, { orderedSince: "2020-01-01", processCode: "SCR" }).awaitingHistory.map((l) => l.tag),
    ).toEqual(["A101"]);
  });
});

describe("order history", () => {
  it("takes the vendor's first job as the last order and the newest dispatch for 'since'", () => {
    const history = historyOf(
      jobsOf("A1", [
        { jobNumber: 9, dateOut: null, quantity: 12, orderNumber: "PO-9" },
        { jobNumber: 3, dateOut: "2024-01-01T05:00:00Z", quantity: 30 },
      ]),
    );
    expect(history).toEqual({
      lastOrder: { jobNumber: 9, orderNumber: "PO-9", quantity: 12, date: undefined, status: "In Production" },
      lastDispatched: "2024-01-01",
      hasOpenJob: true,
      jobCount: 2,
    });
    const never = historyOf(jobsOf("A2", []));
    expect(never).toMatchObject({ lastOrder: undefined, hasOpenJob: false, jobCount: 0 });
    expect(orderedSince(never, "2000-01-01")).toBe(false);
  });
});

describe("what a design shows", () => {
  it("gives the minimum from the lowest band, not 1, and each band's price", () => {
    const bands = [
      { from: 50, to: null, unitPrice: 0.8 },
      { from: 25, to: 49, unitPrice: 1 },
      { from: 25, to: 25, unitPrice: 1 },
    ];
    expect(minimumQuantity(asset("A9", { priceBands: bands }))).toBe(25);
    expect(minimumQuantity(asset("A9", { priceBands: [] }))).toBeUndefined();
    expect(describeBands(asset("A9").priceBands, (n) => `$${n.toFixed(2)}`)).toBe(
      "10–24: $1.20 · 25–49: $1.00 · 50+: $0.80",
    );
  });

  it("sizes a thumbnail with the vendor's size parameter and links only web addresses", () => {
    expect(thumbnailUrl("https://cdn.example/f/A1.png")).toBe("https://cdn.example/f/A1.png?size=100");
    expect(thumbnailUrl("https://cdn.example/f/A1.png?v=2#x", 50)).toBe("https://cdn.example/f/A1.png?v=2&size=50#x");
    const files = {
      assetTag: "A1",
      historicFiles: [],
      currentFiles: [
        {
          fileId: "1",
          fileName: "A1.pdf",
          fileSize: 1,
          dateUploaded: "",
          isImage: false,
          cdnUrl: "https://cdn.example/A1.pdf",
        },
        {
          fileId: "2",
          fileName: "A1.png",
          fileSize: 1,
          dateUploaded: "",
          isImage: true,
          cdnUrl: "https://cdn.example/A1.png",
        },
      ],
    };
    expect(previewLink(asset("A1", { assetUrl: null }), files)).toBe("https://cdn.example/A1.png");
    expect(previewLink(asset("A1", { assetUrl: "javascript:alert(1)" }))).toBeUndefined();
    expect(previewLink(asset("A1"))).toBe("https://cdn.example/A1.png");
    expect(previewLink(asset("A1", { assetUrl: "  https://cdn.example/spaced.png " }))).toBe(
      "https://cdn.example/spaced.png",
    );
  });

  it("offers each process by its name and each garment once, with counts", () => {
    const facets = assetFacets(snapshot);
    expect(facets.processes).toEqual([
      { value: "DTF", label: "Digital transfers", count: 4 },
      { value: "SCR", label: "Screen-printed transfers", count: 1 },
    ]);
    expect(facets.garments).toEqual([
      { value: "Hoodie", label: "Hoodie", count: 1 },
      { value: "Tee", label: "Tee", count: 3 },
    ]);
  });
});
