import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/main";
import { samplePath } from "../helpers/samples";
import { SIM_NOW } from "../helpers/sim-clock";

const path = (relative: string) => fileURLToPath(new URL(`../../${relative}`, import.meta.url));

async function cli(...args: string[]) {
  let out = "";
  let err = "";
  // check's embedded simulator keeps its clock at the tests' instant.
  const code = await runCli(args, (t) => (out += t), (t) => (err += t), { SIM_NOW });
  return { code, out, err };
}

describe("npm run cli -- inspect", () => {
  it("prints the sheets, header row, mapping and first rows of a workbook", async () => {
    const { code, out, err } = await cli("inspect", samplePath("team-orders-winter.xlsx"), "--rows", "2");
    expect(code).toBe(0);
    expect(err).toBe("");
    expect(out).toContain("  * Orders: 28 rows, header on row 4");
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
        cells: expect.objectContaining({ "Order No": "RO-3101", "Asset Tag": "A1042001", Company: "Café Rugby Club", Postcode: "3116" }),
      },
    ]);
    expect(report.mapping.columns.find((c: { header: string }) => c.header === "Asset Tag").target).toEqual({ kind: "field", field: "code" });
  });

  it("maps with the sheet's values as well as its headers", async () => {
    const { code, out } = await cli("inspect", path("test/fixtures/mapping/unit-price-as-unit.csv"), "--json", "--rows", "0");
    expect(code).toBe(0);
    const { mapping } = JSON.parse(out);
    // "Unit" names Address line 2 by itself; a column of prices is not one.
    expect(mapping.columns.map((c: { header: string; target: unknown }) => [c.header, c.target]).filter(([header]: [string]) => header === "Unit" || header === "Street")).toEqual([
      ["Unit", null],
      ["Street", { kind: "field", field: "streetAddress" }],
    ]);
  });

  it("reads another sheet and header row on request", async () => {
    const { code, out } = await cli("inspect", path("test/fixtures/sheets/libreoffice-features.xlsx"), "--sheet", "Lists", "--header-row", "1", "--json");
    expect(code).toBe(0);
    expect(JSON.parse(out).sheet).toMatchObject({ sheetName: "Lists", headerRowNumber: 1, headers: ["Sizes"] });
  });

  it("gives the page's message and a non-zero exit for a file it cannot read", async () => {
    expect(await cli("inspect", path("test/fixtures/sheets/encrypted.xlsx"))).toEqual({
      code: 1,
      out: "",
      err: "encrypted.xlsx is protected with a password. Open it in Excel, remove the password (File › Info › Protect Workbook), save it and drop it again.\n",
    });
    expect((await cli("inspect", path("no-such-file.csv"))).err).toMatch(/no such file/);
    expect((await cli("inspect", samplePath("reorder-campaign.csv"), "--sheet", "Nope")).err).toMatch(/no sheet named "Nope"/);
  });

  it("refuses a sheet with a header and no order rows under it, here and in check, with a non-zero exit", async () => {
    const noRows = "header-only.csv has no order rows under the header (row 1).";
    for (const command of ["inspect", "check"]) {
      const { code, out, err } = await cli(command, path("test/fixtures/sheets/hostile-csv/header-only.csv"));
      expect([command, code, out]).toEqual([command, 1, ""]);
      expect(err).toContain(noRows);
    }
    expect((await cli("inspect", path("test/fixtures/sheets/hostile-csv/header-then-blank-lines.csv"))).err).toContain("header-then-blank-lines.csv has no order rows under the header (row 2).");
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
