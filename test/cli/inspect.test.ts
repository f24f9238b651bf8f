import { execFileSync } from "node:child_process";
import { mkdir, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main";
import { samplePath } from "../helpers/samples";
import { SIM_NOW } from "../helpers/sim-clock";
import { scratchFolder } from "../helpers/submit-session";
import { useResource } from "../helpers/use-resource";
import { minimalWorkbook } from "../helpers/zip-writer";

const path = (relative: string) => fileURLToPath(new URL(`../../${relative}`, import.meta.url));

const folder = useResource("each", "The scratch folder", scratchFolder, (made) => made.cleanup());

async function cli(...args: string[]) {
  let out = "";
  let err = "";
  // check's embedded simulator keeps its clock at the tests' instant.
  const code = await runCli(
    args,
    (t) => (out += t),
    (t) => (err += t),
    { SIM_NOW },
  );
  return { code, out, err };
}

describe("npm run cli -- inspect", () => {
  it("says one row as one", async () => {
    const { code, out } = await cli("inspect", samplePath("team-orders-winter.xlsx"), "--rows", "1");
    expect(code).toBe(0);
    expect(out).toContain("\nFirst 1 row:\n");
  });

  it("prints the sheets, header row, mapping and first rows of a workbook", async () => {
    const { code, out, err } = await cli("inspect", samplePath("team-orders-winter.xlsx"), "--rows", "2");
    expect(code).toBe(0);
    expect(err).toBe("");
    expect(out).toContain("  * Orders: 28 rows, header on row 4, 24 known headers\n");
    expect(out).toContain("\nFirst 2 rows:\n");
    expect(out).toContain("    Lists (hidden)");
    expect(out).toMatch(/Order #\s+→ Order number \(100%, label\)/);
    expect(out).toMatch(/Y10\s+→ size Y10 \(90%, size\)/);
    expect(out).toContain('row 5: Order #="KTP-27001"');
    expect(out).toContain("Due=date 2027-02-15");
    expect(out).toContain("S=number 2");
  });

  it("prints JSON with typed values", async () => {
    const { code, out } = await cli("inspect", samplePath("reorder-campaign.csv"), "--json", "--rows", "1");
    expect(code).toBe(0);
    const report = JSON.parse(out);
    expect(report.file.csv).toEqual({ encoding: "windows-1252", delimiter: "," });
    expect(report.rows).toEqual([
      {
        rowNumber: 2,
        cells: expect.objectContaining({
          "Order No": "RO-3101",
          "Asset Tag": "A1042001",
          Company: "Café Rugby Club",
          Postcode: "3116",
        }),
      },
    ]);
    expect(report.mapping.columns.find((c: { header: string }) => c.header === "Asset Tag").target).toEqual({
      kind: "field",
      field: "code",
    });
  });

  it("maps with the sheet's values as well as its headers", async () => {
    const { code, out } = await cli(
      "inspect",
      path("test/fixtures/mapping/unit-price-as-unit.csv"),
      "--json",
      "--rows",
      "0",
    );
    expect(code).toBe(0);
    const { mapping } = JSON.parse(out);
    // "Unit" names Address line 2 by itself; a column of prices is not one.
    expect(
      mapping.columns
        .map((c: { header: string; target: unknown }) => [c.header, c.target])
        .filter(([header]: [string]) => header === "Unit" || header === "Street"),
    ).toEqual([
      ["Unit", null],
      ["Street", { kind: "field", field: "streetAddress" }],
    ]);
  });

  it("reads another sheet and header row on request", async () => {
    const { code, out } = await cli(
      "inspect",
      path("test/fixtures/sheets/libreoffice-features.xlsx"),
      "--sheet",
      "Lists",
      "--header-row",
      "1",
      "--json",
    );
    expect(code).toBe(0);
    expect(JSON.parse(out).sheet).toMatchObject({ sheetName: "Lists", headerRowNumber: 1, headers: ["Sizes"] });
  });

  it("gives the page's message and a non-zero exit for a file it cannot read", async () => {
    expect(await cli("inspect", path("test/fixtures/sheets/encrypted.xlsx"))).toEqual({
      code: 1,
      out: "",
      err:
        "encrypted.xlsx is protected with a password. Open it in Excel, " +
        "remove the password (File › Info › Protect Workbook), save it and drop it again.\n",
    });
    expect((await cli("inspect", path("no-such-file.csv"))).err).toMatch(/no such file/);
    expect((await cli("inspect", samplePath("reorder-campaign.csv"), "--sheet", "Nope")).err).toMatch(
      /no sheet named "Nope"/,
    );
  });

  it("says a workbook whose cell refers to text it does not hold is damaged, naming the cell and sheet", async () => {
    const path = join(folder.current.path, "damaged.xlsx");
    const header =
      '<row r="1"><c r="A1" t="inlineStr"><is><t>Order No</t></is></c>' +
      '<c r="B1" t="inlineStr"><is><t>Qty</t></is></c></row>';
    await writeFile(
      path,
      minimalWorkbook(
        `<worksheet><sheetData>${header}<row r="7"><c r="A7" t="inlineStr"><is>` +
          '<t>A-1</t></is></c><c r="B7" t="s"><v>5</v></c></row></sheetData></worksheet>',
      ),
    );
    const { code, out, err } = await cli("inspect", path);
    expect([code, out]).toEqual([1, ""]);
    expect(err).toMatch(
      /^damaged\.xlsx is damaged: cell B7 of sheet "Big & wide" refers to text that is not in the workbook/,
    );
  });

  it("refuses what is not a file at once, naming the path and what it is, here and in check and submit", async () => {
    const pipe = join(folder.current.path, "x.csv");
    execFileSync("mkfifo", [pipe]);
    const sheets = join(folder.current.path, "sheets.csv");
    await mkdir(sheets);
    for (const [path, kind] of [
      [pipe, "a named pipe"],
      ["/dev/zero", "a device"],
      [sheets, "a folder"],
    ] as const) {
      expect(await cli("inspect", path)).toEqual({
        code: 1,
        out: "",
        err: `${path} is ${kind}, not a spreadsheet file.\n`,
      });
    }
    for (const command of ["check", "submit"])
      expect(await cli(command, sheets, "--yes", "--journal", join(folder.current.path, "j.jsonl"))).toEqual({
        code: 1,
        out: "",
        err: `${sheets} is a folder, not a spreadsheet file.\n`,
      });
  });

  it("refuses a file over the size limit by its size, without reading it", async () => {
    // Sparse files: they take no room on the disk, and reading them would take gigabytes of memory.
    for (const [name, bytes, size] of [
      ["big.csv", 1.5 * 1024 ** 3, "1536 MB"],
      ["bigger.xlsx", 3 * 1024 ** 3, "3072 MB"],
    ] as const) {
      const path = join(folder.current.path, name);
      await writeFile(path, "");
      await truncate(path, bytes);
      expect(await cli("inspect", path)).toEqual({
        code: 1,
        out: "",
        err:
          `${path} is ${size}; order sheets (CSV files and workbooks) ` +
          "up to 64 MB can be read. Split the sheet into smaller files.\n",
      });
    }
  });

  it("refuses a sheet with a header and no order rows under it, here and in check, with a non-zero exit", async () => {
    const noRows = "header-only.csv has no order rows under the header (row 1).";
    for (const command of ["inspect", "check"]) {
      const { code, out, err } = await cli(command, path("test/fixtures/sheets/hostile-csv/header-only.csv"));
      expect([command, code, out]).toEqual([command, 1, ""]);
      expect(err).toContain(noRows);
    }
    expect((await cli("inspect", path("test/fixtures/sheets/hostile-csv/header-then-blank-lines.csv"))).err).toContain(
      "header-then-blank-lines.csv has no order rows under the header (row 2).",
    );
  });

  it("says which headers were too long to name their columns whole", async () => {
    const { code, out } = await cli("inspect", path("test/fixtures/sheets/hostile-csv/long-header-cells.csv"));
    expect(code).toBe(0);
    expect(out).toContain("The header in column B is 4,999 characters long; only its first 255 name the column.");
    expect(out).toContain("The header in column C is 4,999 characters long; only its first 255 name the column.");
  });

  it("explains its usage on a wrong call", async () => {
    expect((await cli()).code).toBe(2);
    expect((await cli("frobnicate")).err).toMatch(/Unknown command "frobnicate"/);
    expect((await cli("inspect")).err).toMatch(/inspect needs a file/);
    expect((await cli("inspect", "x.csv", "--rows", "many")).code).toBe(2);
  });
});
