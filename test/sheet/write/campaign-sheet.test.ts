import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { assetListings } from "../../../src/core/reorder/asset-catalogue";
import { campaignSheetData } from "../../../src/core/reorder/campaign-sheet-data";
import { writeCampaignSheet } from "../../../src/sheet/write/campaign-sheet";
import { asset, snapshotWith } from "../../core/reorder/reorder-fixtures";

describe("writeCampaignSheet: preview links", () => {
  it("links a web address with space around it, as the preview link takes it, and nothing else", async () => {
    const snapshot = snapshotWith({ assets: [asset("A1"), asset("A2"), asset("A3")] });
    const data = campaignSheetData({ snapshot, listings: assetListings(snapshot), today: "2026-11-20" });
    const column = data.columns.findIndex((c) => c.header === "Preview");
    const links = [" https://cdn.example/A1.png ", "javascript:alert(1)", "\thttp://cdn.example/A3.png"];
    const rows = data.rows.map((row, i) => ({
      ...row,
      cells: row.cells.map((cell, c) => (c === column ? { text: "Picture", link: links[i] as string } : cell)),
    }));
    const bytes = await writeCampaignSheet({ ...data, rows });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = book.getWorksheet(data.sheetName) as ExcelJS.Worksheet;
    expect([2, 3, 4].map((r) => sheet.getRow(r).getCell(column + 1).value)).toEqual([
      { text: "Picture", hyperlink: "https://cdn.example/A1.png" },
      "Picture",
      { text: "Picture", hyperlink: "http://cdn.example/A3.png" },
    ]);
  });
});
