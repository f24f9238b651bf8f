import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { samplePath } from "../helpers/samples";
import {
  checkTheRows,
  compilesWebAssembly,
  download,
  openAndConnect,
  submitAndConfirm,
  useBuiltAppInChromium,
} from "./harness";
import { gridCell } from "./grid-cells";

const e2e = useBuiltAppInChromium();

async function review(page: Page, file: string): Promise<void> {
  await openAndConnect(page, e2e.app.url);
  await page.getByLabel("Order sheet").setInputFiles(file);
  await checkTheRows(page);
}

describe("result sheets from the page", () => {
  it(
    "gives back the customer's own workbook with every row's outcome, " + "what was sent, and Jobs and Audit sheets",
    async () => {
      const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
      await review(page, samplePath("team-orders-winter.xlsx"));
      // A change in the app: the result says what was sent instead of the sheet's value.
      await (await gridCell(page, 6, "Qty")).click();
      await page.keyboard.type("40");
      await page.keyboard.press("Enter");
      await expect.poll(() => page.getByTestId("review-busy").count(), { timeout: 30_000 }).toBe(0);

      const problems = await download(page.getByRole("button", { name: "Download problem sheet" }));
      expect(problems.name).toBe("team-orders-winter - problems.xlsx");
      await submitAndConfirm(page);
      await page.getByTestId("results-summary").waitFor({ timeout: 60_000 });
      const results = await download(page.getByRole("button", { name: "Download result sheet" }));
      expect(results.name).toBe("team-orders-winter - results.xlsx");

      const original = new ExcelJS.Workbook();
      await original.xlsx.readFile(samplePath("team-orders-winter.xlsx"));
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(results.bytes as unknown as ArrayBuffer);
      expect(book.worksheets.map((s) => s.name)).toEqual([...original.worksheets.map((s) => s.name), "Jobs", "Audit"]);
      const orders = book.getWorksheet("Orders");
      const header = ((orders?.getRow(4).values ?? []) as unknown[]).map((v) => (v === undefined ? "" : String(v)));
      const at = (name: string) => header.indexOf(name);
      // The customer's own cell is untouched; the result says what was sent.
      expect(orders?.getRow(6).getCell(at("Qty")).value).toBe(
        original.getWorksheet("Orders")?.getRow(6).getCell(at("Qty")).value,
      );
      expect(String(orders?.getRow(6).getCell(at("Messages")).value)).toContain("Qty sent as 40; the sheet had 15.");
      expect(orders?.getRow(6).getCell(at("Import result")).value).toBe("Created");
      expect(typeof orders?.getRow(6).getCell(at("Job number")).value).toBe("number");
      // When it was submitted, and when each job is due, are dates a spreadsheet can sort and count with.
      const submitted = orders?.getRow(6).getCell(at("Submitted at"));
      expect([submitted?.type, submitted?.numFmt]).toEqual([ExcelJS.ValueType.Date, "yyyy-mm-dd hh:mm"]);
      const jobs = book.getWorksheet("Jobs");
      const dueColumn = ((jobs?.getRow(1).values ?? []) as unknown[]).indexOf("Due date");
      const due = jobs?.getRow(2).getCell(dueColumn);
      expect([due?.type, due?.numFmt]).toEqual([ExcelJS.ValueType.Date, "yyyy-mm-dd"]);
      expect(book.getWorksheet("Audit")?.getColumn(2).values).toContain("edit");

      const audit = await download(page.getByRole("button", { name: "Download audit trail" }));
      expect(audit.name).toBe("team-orders-winter - audit.jsonl");
      const entries = audit.bytes
        .toString("utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { type: string; column?: string; new?: string });
      expect(entries[0]?.type).toBe("import");
      expect(entries).toContainEqual(expect.objectContaining({ type: "edit", column: "Qty", new: "40" }));
      await page.close();
    },
  );

  it("writes a large workbook's problem sheet, its order sheet deflated in the sheet worker's helper", async () => {
    // The sample's order rows again and again under new order numbers: several megabytes of sheet XML.
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(samplePath("team-orders-winter.xlsx"));
    const sheet = book.getWorksheet("Orders");
    if (!sheet) throw new Error("the sample has no Orders sheet");
    const header = ((sheet.getRow(4).values ?? []) as unknown[]).map((v) => (v === undefined ? "" : String(v)));
    const orderColumn = header.findIndex((name) => /order/i.test(name));
    const sampleRows = [...Array(sheet.rowCount - 4).keys()].map((i) => sheet.getRow(5 + i).values as unknown[]);
    for (let copy = 1; copy <= 250; copy++)
      for (const values of sampleRows) {
        const row = [...values];
        row[orderColumn] = `${String(row[orderColumn])}-${copy}`;
        sheet.addRow(row.slice(1));
      }
    const folder = await mkdtemp(join(tmpdir(), "large-book-"));
    const file = join(folder, "season-orders.xlsx");
    await book.xlsx.writeFile(file);

    const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await review(page, file);
    const problems = await download(page.getByRole("button", { name: "Download problem sheet" }));
    expect(problems.name).toBe("season-orders - problems.xlsx");
    const helper = page.workers().find((worker) => worker.url().includes("deflate.worker"));
    if (!helper) throw new Error(`no deflate helper among ${page.workers().map((worker) => worker.url())}`);
    // Its WebAssembly deflater is allowed by the app's content security policy.
    expect(await compilesWebAssembly(helper)).toBe("compiled");
    const written = new ExcelJS.Workbook();
    await written.xlsx.load(problems.bytes as unknown as ArrayBuffer);
    const orders = written.getWorksheet("Orders");
    expect(orders?.rowCount).toBe(sheet.rowCount);
    // The result columns follow the sheet's own on its header row.
    expect(orders?.getRow(4).cellCount).toBeGreaterThan(sheet.getRow(4).cellCount);
    const last = orders?.getRow(sheet.rowCount);
    expect(String(last?.getCell(orderColumn).value)).toBe(
      String(sheet.getRow(sheet.rowCount).getCell(orderColumn).value),
    );
    await page.close();
  }, 120_000);

  it("gives back the customer's own CSV in its own encoding, byte for byte with the results appended", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await review(page, samplePath("reorder-campaign.csv"));
    await submitAndConfirm(page);
    await page.getByTestId("results-summary").waitFor({ timeout: 60_000 });
    const results = await download(page.getByRole("button", { name: "Download result sheet" }));
    expect(results.name).toBe("reorder-campaign - results.csv");
    const original = await readFile(samplePath("reorder-campaign.csv"));
    // Windows-1252 stays Windows-1252 (no byte-order mark added), each original line first.
    expect(results.bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
    const split = (bytes: Buffer) => bytes.toString("latin1").split("\r\n");
    const before = split(original);
    for (const [i, line] of split(results.bytes).entries()) expect(line.startsWith(before[i] as string)).toBe(true);
    const rows = Papa.parse<Record<string, string>>(new TextDecoder("windows-1252").decode(results.bytes), {
      header: true,
      skipEmptyLines: true,
    }).data;
    const created = rows.filter((row) => row["Import result"] === "Created");
    expect(created.length).toBeGreaterThan(0);
    // When it was submitted: ISO 8601 with the offset of this machine's time zone at that moment.
    for (const row of created) {
      const submitted = row["Submitted at"] ?? "";
      expect(submitted).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
      const minutes = -new Date(submitted).getTimezoneOffset();
      const twoDigits = (n: number) => String(Math.floor(n)).padStart(2, "0");
      const [hours, rest] = [Math.abs(minutes) / 60, Math.abs(minutes) % 60];
      const offset = `${minutes < 0 ? "-" : "+"}${twoDigits(hours)}:${twoDigits(rest)}`;
      expect(submitted.endsWith(offset)).toBe(true);
    }
    await page.close();
  });
});
