import { SNAPSHOT_SCHEMA_VERSION, type CatalogueSnapshot } from "../../src/core/catalogue";
import { suggestMapping, type SheetMapping } from "../../src/core/mapping";
import type { FactRequest } from "../../src/core/resolve";
import type { SheetRow } from "../../src/core/sheet-model";
import type { Asset, PriceCode } from "../../src/core/vendor";
import { createImportEngine } from "../../src/engine/import-engine";
import type { VendorGateway } from "../../src/engine/vendor-gateway";

/**
 * A large account built from a real (simulator) catalogue: its price codes and assets copied
 * under new names until there are `priceCodes` and `assets` of them.
 */
export function syntheticSnapshot(template: CatalogueSnapshot, priceCodes: number, assets: number): CatalogueSnapshot {
  const codes: PriceCode[] = [];
  const listed = template.priceCodes.filter((c) => !c.hasMetaDataAttributes);
  for (let i = 0; i < priceCodes; i++) {
    const base = listed[i % listed.length] as PriceCode;
    codes.push(
      i < listed.length ? base : { ...base, priceCode: `${base.priceCode} #${Math.floor(i / listed.length)}` },
    );
  }
  const own: Asset[] = [];
  for (let i = 0; i < assets; i++) {
    const base = template.assets[i % template.assets.length] as Asset;
    own.push({
      ...base,
      assetId: 5_000_000 + i,
      assetTag: `B${String(i).padStart(6, "0")}`,
      isArchived: i % 50 === 49,
    });
  }
  return { ...template, schemaVersion: SNAPSHOT_SCHEMA_VERSION, priceCodes: codes, assets: own };
}

export const ENGINE_HEADERS = [
  "Order No",
  "Item type",
  "Code",
  "Colour",
  "Qty",
  "Fabric",
  "Vinyl colour",
  "Player name",
  "S",
  "M",
  "L",
  "XL",
  "Due date",
  "Delivery",
  "Contact",
  "Street",
  "City",
  "Postcode",
  "Country",
];

/** `count` rows of six-line orders: transfers, names, reorders and garments, a few with mistakes. */
export function syntheticRows(snapshot: CatalogueSnapshot, count: number): SheetRow[] {
  const dtf = snapshot.priceCodes.filter(
    (c) => c.processCode === "DTF" && c.attributes?.some((a) => a.name === "Fabric"),
  );
  const names = snapshot.priceCodes.filter((c) => c.priceCode?.startsWith('HTV Name 2"'));
  const rows: SheetRow[] = [];
  for (let i = 0; i < count; i++) {
    const order = `BX-${100000 + Math.floor(i / 6)}`;
    const kind = i % 6;
    const job = [
      "2027-03-01",
      "Courier",
      "Hana Moore",
      `${1 + (Math.floor(i / 6) % 200)} Queen Street`,
      "Auckland",
      "1010",
      "NZ",
    ];
    let line: string[];
    if (kind <= 1)
      line = [
        "PriceCode",
        dtf[i % dtf.length]?.priceCode ?? "",
        "",
        String(20 + (i % 30)),
        i % 97 === 0 ? "cotton" : "Cotton",
        "",
        "",
        "",
        "",
        "",
        "",
      ];
    else if (kind <= 3)
      line = [
        "PriceCode",
        names[i % names.length]?.priceCode ?? "",
        "",
        "1",
        "",
        "White",
        `PLAYER ${i}`,
        "",
        "",
        "",
        "",
      ];
    else if (kind === 4)
      line = ["Asset", `B${String((i * 7) % 19_000).padStart(6, "0")}`, "", "40", "", "", "", "", "", "", ""];
    else line = ["Stock", "AS5001", "Black", "", "", "", "", "2", "4", "3", "1"];
    rows.push({ rowNumber: i + 2, cells: [order, ...line, ...job] });
  }
  return rows;
}

/** A vendor that answers at once, so the figures are resolution's own, not round trips'. */
export const instantVendor: VendorGateway = {
  async fetchFacts(requests: readonly FactRequest[]) {
    return requests.map((request) => {
      switch (request.kind) {
        case "shipDate":
          return { request, value: "2026-12-01" };
        case "promo":
          return {
            request,
            value: { isValid: true, promoCode: request.code, discount: 0, isFixed: false, message: "" },
          };
        case "metadataCode":
          return { request, value: null };
        case "customBands":
          return { request, value: null };
      }
      // Every kind is answered above; a kind added later answers that it could not be had.
      return { request, failed: "not answered here" };
    });
  },
  async validateJob() {
    return { ok: true };
  },
};

export interface EngineFigures {
  readonly rows: number;
  /** Reading the rows through the mapping only: the floor any resolution stands on. */
  readonly readMs: number;
  readonly startMs: number;
  readonly jobs: number;
  readonly errors: number;
  readonly cellEditMs: { readonly median: number; readonly p95: number };
  readonly jobFieldEditMs: { readonly median: number; readonly p95: number };
}

function quantiles(values: number[]) {
  values.sort((a, b) => a - b);
  return { median: values[Math.floor(values.length / 2)] ?? 0, p95: values[Math.floor(values.length * 0.95)] ?? 0 };
}

/** Starts a session on `count` synthetic rows and times it and single edits in it. */
export async function runEngineCase(
  snapshot: CatalogueSnapshot,
  count: number,
  keep?: (engine: unknown) => void,
): Promise<EngineFigures> {
  const rows = syntheticRows(snapshot, count);
  const mapping: SheetMapping = suggestMapping(ENGINE_HEADERS, {
    attributes: ["Fabric", "Vinyl colour", "Player name"],
    sizes: ["S", "M", "L", "XL"],
  });
  const { orderRowReader } = await import("../../src/core/order-rows");
  const readStarted = performance.now();
  const read = orderRowReader(ENGINE_HEADERS, mapping);
  let readCount = 0;
  for (const row of rows) if (read(row)) readCount++;
  const readMs = performance.now() - readStarted;

  const engine = createImportEngine(instantVendor);
  const started = performance.now();
  const summary = await engine.start({ headers: ENGINE_HEADERS, rows, mapping, snapshot });
  const startMs = performance.now() - started;
  keep?.(engine);

  const cellEdits: number[] = [];
  const jobEdits: number[] = [];
  for (let i = 0; i < 60; i++) {
    const rowNumber = 2 + ((i * 7919) % count);
    let t = performance.now();
    await engine.setCell(rowNumber, "Qty", String(20 + i));
    cellEdits.push(performance.now() - t);
    const firstOfOrder = 2 + Math.floor((rowNumber - 2) / 6) * 6;
    t = performance.now();
    await engine.setCell(firstOfOrder, "City", i % 2 ? "Hamilton" : "Auckland");
    jobEdits.push(performance.now() - t);
  }
  return {
    rows: readCount,
    readMs,
    startMs,
    jobs: summary.jobs.total,
    errors: summary.issues.error,
    cellEditMs: quantiles(cellEdits.slice(10)),
    jobFieldEditMs: quantiles(jobEdits.slice(10)),
  };
}
