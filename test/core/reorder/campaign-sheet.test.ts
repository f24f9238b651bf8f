import { writeFile } from "node:fs/promises";
import { expose, wrap } from "comlink";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { catalogueVocabulary } from "../../../src/core/catalogue";
import { missingRequiredFields, suggestMapping, vocabularyWords } from "../../../src/core/mapping";
import { assetListings } from "../../../src/core/reorder/asset-catalogue";
import { CAMPAIGN_FIELDS, CAMPAIGN_HEADERS, campaignSheetData } from "../../../src/core/reorder/campaign-sheet-data";
import { writeCampaignSheet } from "../../../src/sheet/write/campaign-sheet";
import { createSheetSession, type SheetSession } from "../../../src/sheet/worker-api";
import { createWorkerSheetSession } from "../../../src/sheet/worker-session";
import { checkFile } from "../../helpers/engine-session";
import { useProxiedAccountAndFolder } from "../../helpers/submit-session";
import { deliveredTo, fillCampaign, readCampaign } from "./campaign-workbook";
import { asset, snapshotWith } from "./reorder-fixtures";

const proxied = useProxiedAccountAndFolder("all");

/** Four of the account's own designs of one process, and an archived one of it. */
function someDesigns() {
  const listings = assetListings(proxied.account.snapshot);
  const process = listings[0]?.asset.processCode;
  const orderable = listings.filter((l) => !l.isArchived && !l.isGlobal && l.asset.processCode === process).slice(0, 4);
  const archived = listings.find((l) => l.isArchived);
  if (orderable.length < 4 || !archived) throw new Error("the demo account has too few designs");
  return { orderable, archived };
}

describe("the campaign workbook", () => {
  it(
    "puts the instructions first, then a sheet the importer " +
      "chooses and maps by itself, with lists from the live lookups",
    async () => {
      const { orderable, archived } = someDesigns();
      const data = campaignSheetData({
        snapshot: proxied.account.snapshot,
        listings: [archived, ...orderable],
        today: "2026-11-20",
      });
      const bytes = await writeCampaignSheet(data);

      const vocabulary = catalogueVocabulary(proxied.account.snapshot);
      const session = createSheetSession();
      const opened = await session.open(bytes, "campaign.xlsx", undefined, vocabularyWords(vocabulary));
      if (!opened.ok) throw new Error(opened.message);
      expect(opened.summary.sheets.map((s) => [s.name, s.hidden])).toEqual([
        ["Instructions", false],
        ["Reorder", false],
        ["Lists", true],
      ]);
      expect(opened.summary.defaultSheet).toBe("Reorder");
      const preview = session.preview("Reorder", undefined, vocabularyWords(vocabulary));
      if (!preview.ok) throw new Error(preview.message);
      expect(preview.preview.headerRowNumber).toBe(1);
      expect(preview.preview.headers).toEqual(data.columns.map((c) => c.header));
      const rows = session.rows("Reorder", 1, 0, 100);
      expect(rows.map((r) => r.cells[0])).toEqual(orderable.map((l) => l.tag));

      // Every column the importer needs maps with no hand work; the informing ones map to nothing.
      const mapping = suggestMapping(preview.preview.headers, vocabulary, preview.preview.sampleRows);
      expect(missingRequiredFields(mapping)).toEqual([]);
      const wanted = new Map<string, string>(
        Object.entries(CAMPAIGN_FIELDS).map(([key, field]) => [
          CAMPAIGN_HEADERS[key as keyof typeof CAMPAIGN_HEADERS],
          field,
        ]),
      );
      for (const column of mapping.columns) {
        const field = wanted.get(column.header);
        expect(column.target, column.header).toEqual(field === undefined ? null : { kind: "field", field });
      }

      const { book, sheet, headers } = await readCampaign(bytes);
      const at = (header: string) => headers.indexOf(header) + 1;
      expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
      const second = sheet.getRow(2);
      expect(second.getCell(at("Delivery method")).dataValidation).toMatchObject({
        type: "list",
        formulae: [`Lists!$A$2:$A$${proxied.account.snapshot.deliveryOptions.length + 1}`],
      });
      expect(second.getCell(at("Country")).dataValidation).toMatchObject({
        type: "list",
        formulae: [`Lists!$B$2:$B$${proxied.account.snapshot.countries.countries.length + 1}`],
      });
      expect(second.getCell(at("Quantity")).dataValidation).toMatchObject({
        type: "whole",
        operator: "greaterThanOrEqual",
        formulae: [orderable[0]?.asset.priceBands[0]?.from],
      });
      const lists = book.getWorksheet("Lists");
      expect(lists?.getColumn(1).values.slice(2)).toEqual(data.deliveryMethods.map((d) => d.value));
      expect(lists?.getColumn(2).values.slice(2)).toEqual(
        proxied.account.snapshot.countries.countries
          .map((c) => c.name)
          .sort((a, b) => a.localeCompare(b))
          .sort((a, b) => Number(b === "New Zealand") - Number(a === "New Zealand")),
      );
      expect(String(book.getWorksheet("Instructions")?.getCell("A1").value)).toContain(
        "Reorder campaign for Kiwi Team Print Ltd",
      );
    },
  );

  it("is written by the sheet worker from plain data that crosses a message channel", async () => {
    const { port1, port2 } = new MessageChannel();
    expose(createWorkerSheetSession(), port1);
    const remote = wrap<SheetSession>(port2);
    try {
      const { orderable } = someDesigns();
      const bytes = await remote.writeCampaignSheet(
        campaignSheetData({ snapshot: proxied.account.snapshot, listings: orderable, today: "2026-11-20" }),
      );
      expect(bytes).toBeInstanceOf(Uint8Array);
      expect((await readCampaign(bytes)).rows.map((r) => r["Asset tag"])).toEqual(orderable.map((l) => l.tag));
    } finally {
      port1.close();
      port2.close();
    }
  });

  it("writes text a spreadsheet would run as a formula safely, and a link only to a web address", async () => {
    const snapshot = snapshotWith({
      assets: [
        asset("A1", { description: '=HYPERLINK("http://evil.example")', garment: "@Tee" }),
        asset("A2", { assetUrl: "javascript:alert(1)" }),
      ],
    });
    const bytes = await writeCampaignSheet(
      campaignSheetData({ snapshot, listings: assetListings(snapshot), today: "2026-11-20" }),
    );
    const { rows } = await readCampaign(bytes);
    expect(rows.map((r) => [r["Design"], r["Garment"], r["Preview"]])).toEqual([
      ['\'=HYPERLINK("http://evil.example")', "'@Tee", { text: "Picture", hyperlink: "https://cdn.example/A1.png" }],
      ["Design A2", "Tee", null],
    ]);
  });

  it(
    "comes back through the importer: filled rows resolve, " +
      "a design left blank is a note, a row with an order number and no quantity is an error",
    async () => {
      const { orderable } = someDesigns();
      const [a, b, c, d] = orderable.map((l) => l.tag) as [string, string, string, string];
      const minimum = (i: number) => orderable[i]?.asset.priceBands[0]?.from ?? 1;
      const bytes = await writeCampaignSheet(
        campaignSheetData({ snapshot: proxied.account.snapshot, listings: orderable, today: "2026-11-20" }),
      );
      const filled = await fillCampaign(
        bytes,
        new Map([
          [a, deliveredTo("CAMP-1", { Quantity: minimum(0) + 100 })],
          [b, { Quantity: minimum(1) + 100, "Order number": "CAMP-1" }],
          [d, { "Order number": "CAMP-2" }],
        ]),
      );
      const path = join(proxied.folder.path, "campaign filled.xlsx");
      await writeFile(path, filled);
      const { engine, mapping } = await checkFile(proxied.account, path);
      expect(mapping.columns.filter((col) => col.target !== null).length).toBe(Object.keys(CAMPAIGN_FIELDS).length);

      // Only the order without a quantity (nor delivery details yet) has errors.
      expect(new Set(engine.issues("error").map((i) => i.rowNumber))).toEqual(new Set([5]));
      expect(engine.issues("error").find((i) => i.code === "QUANTITY_MISSING")).toMatchObject({
        rowNumber: 5,
        column: "Quantity",
      });
      expect(
        engine
          .issues()
          .filter((i) => i.code === "NOT_AN_ORDER_ROW")
          .map((i) => [i.rowNumber, i.column, i.severity]),
      ).toEqual([[4, "Quantity", "info"]]);
      expect(engine.rowsByNumber([4])[0]).toMatchObject({ orderNumber: undefined });
      const [payload] = engine.payloads();
      expect(payload?.orderNumber).toBe("CAMP-1");
      expect(payload?.candidate.items).toEqual([
        { itemType: "Asset", code: a, quantity: minimum(0) + 100, garment: orderable[0]?.asset.garment },
        { itemType: "Asset", code: b, quantity: minimum(1) + 100, garment: orderable[1]?.asset.garment },
      ]);
      expect(payload?.candidate.deliveryAddress).toMatchObject({
        contactName: "Aroha Smith",
        city: "Wellington",
        countryCodeISO2: "NZ",
        deliveryMethod: "CPSTD",
      });
      expect(payload?.candidate.dateDue).toBe("2027-03-01");
      expect(c).toBeDefined();
      expect((await engine.validate()).jobs).toMatchObject({ valid: 1, rejected: 0 });
    },
  );
});
