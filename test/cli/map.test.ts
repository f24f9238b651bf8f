import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readCommandLine } from "../../src/cli/args";
import { readTemplateOption } from "../../src/cli/column-maps";
import { runCommand } from "../helpers/cli-session";
import { SIM_NOW } from "../helpers/sim-clock";
import { scratchFolder } from "../helpers/submit-session";
import { useResource } from "../helpers/use-resource";

const path = (relative: string) => fileURLToPath(new URL(`../../${relative}`, import.meta.url));

/** Orders with German headers, whose questions (Stoff, Druckfarben) are named in German too. */
const GERMAN = path("test/fixtures/cli-map/bestellungen.csv");
/** A form tool's export: columns headed "Feld 1" to "Feld 4", whose values name nothing either. */
const UNNAMED = path("test/fixtures/cli-map/felder.csv");
/** The page's saved template for that sheet, as a file. */
const GERMAN_TEMPLATE = path("test/fixtures/cli-map/bestellungen-template.json");
/** A wide layout whose size columns are headed in words. */
const SIZES = path("test/fixtures/cli-map/groessen.csv");

const HEADERS =
  "Auftragsnr., Artikelcode, Stückzahl, Stoff, Druckfarben, Druckdatei, Empfänger, Firma, Straße, PLZ, Ort, Land, " +
  "Versand";

/** What maps the German sheet: every required field, both questions, delivery and recipient. */
const GERMAN_MAPS = [
  ["--map", "Auftragsnr.=orderNumber"],
  // Any case and no accents on the left; a field's label on the right.
  ["--map", "STUCKZAHL=Quantity"],
  ["--map", "artikelcode=code"],
  // Questions by the catalogue's label, and by name after question:.
  ["--map", "Stoff=Fabric"],
  ["--map", "Druckfarben=question:InkColours"],
  ["--map", "Druckdatei=Artwork URL"],
  ["--map", "Empfänger=contactName"],
  ["--map", "Firma=organisation"],
  ["--map", "Versand=delivery method"],
].flat();

const folder = useResource("each", "The scratch folder", scratchFolder, (made) => made.cleanup());

/** check and inspect answered by the embedded simulator, its clock at the tests' instant. */
const cli = (...args: string[]) =>
  runCommand(args, { SIM_NOW, SUBMIT_LOCK_DIR: folder.current.path }, () => Promise.resolve());

interface Evidence {
  readonly header: string;
  readonly target: unknown;
  readonly confidence: number;
  readonly reason: string | null;
  readonly source: string;
  readonly suggested: { readonly target: unknown; readonly confidence: number; readonly reason: string | null };
  readonly samples: readonly string[];
}

const field = (name: string) => ({ kind: "field", field: name });

describe("--map and --template", () => {
  it("are read from the command line, --map as often as it is given", () => {
    const read = readCommandLine(["check", "x.csv", "--map", "A=code", "--template", "t.json", "--map=B=-"]);
    expect(read.ok && [...read.line.options]).toEqual([
      ["map", ["A=code", "B=-"]],
      ["template", "t.json"],
    ]);
  });

  it("say which --map would name the required fields a sheet's headers do not match", async () => {
    const { code, out, err } = await cli("check", UNNAMED, "--no-validate");
    expect([code, out]).toEqual([1, ""]);
    expect(err).toContain(
      'No column of "felder" could be matched to orderNumber, code and quantity; name them with ' +
        '--map "<header>=orderNumber", --map "<header>=code" and --map "<header>=quantity" ' +
        "(headers: Feld 1, Feld 2, Feld 3, Feld 4).\n",
    );
    // One field left: "it".
    const one = await cli("check", UNNAMED, "--no-validate", "--map", "Feld 4=orderNumber", "--map", "Feld 1=code");
    expect(one.code).toBe(1);
    expect(one.err).toContain(
      'No column of "felder" could be matched to quantity; name it with --map "<header>=quantity" (headers: ',
    );
    const inspected = await cli("inspect", UNNAMED, "--rows", "0");
    expect(inspected.out).toContain(
      'Missing required: orderNumber, code, quantity (name them with --map "<header>=FIELD").',
    );
  });

  it("check a sheet with German headers that cannot be checked without them", async () => {
    const { code, out, err } = await cli("check", GERMAN, ...GERMAN_MAPS);
    expect(err).not.toContain("No column");
    expect(code).toBe(0);
    expect(out).toContain("3 rows, 2 jobs: 2 ready, 0 need attention; 0 errors");
    expect(out).toMatch(/DE-5001\s+Ready: the vendor.s check passed\s+2 lines/);

    const json = await cli("check", GERMAN, ...GERMAN_MAPS, "--no-validate", "--json");
    const report = JSON.parse(json.out);
    const byHeader = new Map(
      report.mapping.columns.map((c: { header: string; target: unknown }) => [c.header, c.target]),
    );
    expect(Object.fromEntries(byHeader)).toMatchObject({
      "Auftragsnr.": field("orderNumber"),
      Stückzahl: field("quantity"),
      Artikelcode: field("code"),
      Stoff: { kind: "attribute", attribute: "Fabric" },
      Druckfarben: { kind: "attribute", attribute: "InkColours" },
      Versand: field("deliveryMethod"),
      // The suggestion, where no --map says otherwise.
      PLZ: field("postalCode"),
    });
    expect(report.payloads[1]).toMatchObject({
      orderNumber: "DE-5002",
      candidate: {
        items: [
          { code: "SCR A4: 2 Colour", quantity: 60, attributes: { Fabric: "COTTON", InkColours: "PMS 286 C, White" } },
        ],
      },
    });
  });

  it("submit with them creates the jobs", async () => {
    const journal = join(folder.current.path, "bestellungen.journal.jsonl");
    const { code, out, err } = await cli("submit", GERMAN, ...GERMAN_MAPS, "--yes", "--journal", journal, "--json");
    expect(err).not.toContain("No column");
    expect(code).toBe(0);
    const report = JSON.parse(out);
    expect(report.orders).toEqual([
      { orderNumber: "DE-5001", state: "created", jobNumber: expect.any(Number) },
      { orderNumber: "DE-5002", state: "created", jobNumber: expect.any(Number) },
    ]);
  });

  it("refuse a header the sheet does not have, naming it and the closest, with exit 2", async () => {
    for (const command of ["inspect", "check", "submit"]) {
      const { code, out, err } = await cli(
        command,
        GERMAN,
        "--yes",
        "--journal",
        join(folder.current.path, "j.jsonl"),
        "--map",
        "Stückzahlen=quantity",
      );
      expect([command, code, out]).toEqual([command, 2, ""]);
      expect(err).toContain(
        '--map "Stückzahlen=quantity": "bestellungen" has no column headed "Stückzahlen"; ' +
          `the closest: "Stückzahl" (headers: ${HEADERS}).\n`,
      );
    }
  });

  it("refuse a field or question nothing knows, naming it and the closest, with exit 2", async () => {
    const typo = await cli("check", GERMAN, "--map", "Stückzahl=quantiy");
    expect([typo.code, typo.out]).toEqual([2, ""]);
    expect(typo.err).toContain(
      '--map "Stückzahl=quantiy": "quantiy" is not a field or a question of the catalogue; ' +
        'the closest: quantity ("Quantity").\n',
    );
    // A synonym is no name for a field, but comes close to it.
    const german = await cli("inspect", GERMAN, "--map", "Stückzahl=Menge");
    expect(german.code).toBe(2);
    expect(german.err).toContain('"Menge" is not a field; the closest: quantity ("Quantity").');
    expect(german.err).toContain("inspect does not load the catalogue: name a question with question:NAME.");
    const question = await cli("check", GERMAN, "--map", "Stoff=question:Fabrik");
    expect(question.code).toBe(2);
    expect(question.err).toContain(
      '--map "Stoff=question:Fabrik": "Fabrik" is not a question of the catalogue; the closest: the question "Fabric".',
    );
    const nothing = await cli("inspect", GERMAN, "--map", "Stückzahl=xyzzy");
    expect(nothing.code).toBe(2);
    expect(nothing.err).toContain('"xyzzy" is not a field (fields: orderNumber, description, ');
  });

  it("refuse a --map of another form, a column named twice and a field given to two columns", async () => {
    expect(await cli("inspect", GERMAN, "--map", "Stückzahl")).toEqual({
      code: 2,
      out: "",
      err: '--map "Stückzahl" is not of the form "Header=field" (a header of the sheet, "=", and what it feeds).\n',
    });
    const twice = await cli("inspect", GERMAN, "--map", "Stückzahl=quantity", "--map", "stuckzahl=-");
    expect([twice.code, twice.err]).toEqual([
      2,
      '--map names the column "Stückzahl" twice ("Stückzahl=quantity" and "stuckzahl=-").\n',
    ]);
    const shared = await cli("inspect", GERMAN, "--map", "Stückzahl=quantity", "--map", "Firma=Quantity");
    expect([shared.code, shared.err]).toEqual([
      2,
      '--map gives Quantity to two columns ("Stückzahl=quantity" and "Firma=Quantity"); ' +
        "a field is fed by one column.\n",
    ]);
  });

  it("map size columns of a wide layout and leave a column unmapped", async () => {
    const { code, out } = await cli(
      "inspect",
      SIZES,
      "--json",
      "--map",
      "Artikel=code",
      "--map",
      "Klein=size:S",
      "--map",
      "Mittel=size:M",
      "--map",
      "groß=size:L",
      "--map",
      "Bestellnummer=-",
    );
    expect(code).toBe(0);
    const report = JSON.parse(out);
    expect(report.sizeLayout).toBe("wide");
    expect(report.missingRequired).toEqual(["orderNumber"]);
    expect(report.mapping.columns.map((c: { target: unknown }) => c.target)).toEqual([
      null,
      field("code"),
      { kind: "size", size: "S" },
      { kind: "size", size: "M" },
      { kind: "size", size: "L" },
    ]);
  });

  it("inspect --json gives each column's evidence beside the report it gave before", async () => {
    const { code, out } = await cli("inspect", GERMAN, "--json", "--rows", "1", "--map", "Stückzahl=quantity");
    expect(code).toBe(0);
    const report = JSON.parse(out);
    expect(Object.keys(report)).toEqual(
      expect.arrayContaining(["file", "sheet", "mapping", "missingRequired", "sizeLayout", "rows", "columns"]),
    );
    const columns = new Map((report.columns as Evidence[]).map((c) => [c.header, c]));
    expect(columns.get("Stückzahl")).toEqual({
      column: 2,
      header: "Stückzahl",
      target: field("quantity"),
      targetText: "Quantity",
      confidence: 1,
      reason: "manual",
      source: "map",
      suggested: {
        target: field("quantity"),
        confidence: 0.95,
        reason: "synonym",
        valuesSay: "3 of 3 values are whole numbers",
      },
      samples: ["40", "12", "60"],
      values: "numbers",
    });
    expect(columns.get("PLZ")).toMatchObject({
      target: field("postalCode"),
      confidence: 0.95,
      reason: "synonym",
      source: "suggestion",
      suggested: { target: field("postalCode"), confidence: 0.95, reason: "synonym" },
    });
    expect(columns.get("Druckfarben")).toMatchObject({ target: null, targetText: "(kept as it is)", reason: null });
    expect(report.rows).toHaveLength(1);
  });

  it("--template FILE applies the page's saved template, and --map on top of it", async () => {
    const { code, out, err } = await cli("check", GERMAN, "--template", GERMAN_TEMPLATE);
    expect(err).not.toContain("No column");
    expect(code).toBe(0);
    expect(out).toContain("3 rows, 2 jobs: 2 ready, 0 need attention; 0 errors");

    const inspected = await cli(
      "inspect",
      GERMAN,
      "--template",
      GERMAN_TEMPLATE,
      "--map",
      "Firma=-",
      "--json",
      "--rows",
      "0",
    );
    expect(inspected.code).toBe(0);
    const report = JSON.parse(inspected.out);
    expect(report.template).toEqual({ name: "Bestellungen", path: GERMAN_TEMPLATE });
    const columns = new Map((report.columns as Evidence[]).map((c) => [c.header, c]));
    expect(columns.get("Stoff")).toMatchObject({
      target: { kind: "attribute", attribute: "Fabric" },
      reason: "template",
      source: "template",
    });
    expect(columns.get("Firma")).toMatchObject({ target: null, source: "map", reason: null });
    expect(report.missingRequired).toEqual([]);
  });

  it("--template says what the template and the sheet do not share, and refuses one that fits nothing", async () => {
    const partial = join(folder.current.path, "partial.json");
    await writeFile(
      partial,
      JSON.stringify({
        assignments: [
          { header: "Auftragsnr.", target: field("orderNumber") },
          { header: "Artikelcode", target: field("code") },
          { header: "Stückzahl", target: field("quantity") },
          { header: "Farbe", target: field("variant") },
        ],
      }),
    );
    const { code, out, err } = await cli("inspect", GERMAN, "--template", partial, "--rows", "0");
    expect(code).toBe(0);
    expect(err).toBe("");
    expect(out).toContain(
      `Template: "partial" (${partial}).\n` +
        'The template "partial" names columns "bestellungen" does not have: Farbe.\n' +
        'The template "partial" does not name the columns Stoff, Druckfarben, Druckdatei, Empfänger, Firma, ' +
        'Straße, PLZ, Ort, Land, Versand of "bestellungen": kept as they are.\n',
    );
    // check and submit say it on standard error.
    const checked = await cli("check", GERMAN, "--template", partial, "--no-validate", "--json");
    expect(checked.err).toContain('The template "partial" names columns "bestellungen" does not have: Farbe.\n');

    const elsewhere = join(folder.current.path, "elsewhere.json");
    await writeFile(elsewhere, JSON.stringify({ name: "Other", assignments: [{ header: "Farbe", target: null }] }));
    const refused = await cli("check", GERMAN, "--template", elsewhere);
    expect([refused.code, refused.out]).toEqual([2, ""]);
    expect(refused.err).toContain(`The template "Other" (${elsewhere}) names none of the headers of "bestellungen"`);
  });

  it("--template refuses a file that is missing or not a template before the vendor is asked", async () => {
    const wrong = join(folder.current.path, "wrong.json");
    await writeFile(
      wrong,
      JSON.stringify({ assignments: [{ header: "Stoff", target: { kind: "field", field: "x" } }] }),
    );
    const shaped = await cli("check", GERMAN, "--template", wrong);
    expect(shaped).toEqual({
      code: 2,
      out: "",
      err: expect.stringMatching(
        new RegExp(
          String.raw`^The template \S+wrong\.json cannot be read: it is not a mapping template: ` +
            String.raw`.+ at assignments\[0\]\.target\.field\.\n$`,
        ),
      ),
    });
    const missing = await cli("check", GERMAN, "--template", "no-such-template");
    expect(missing).toEqual({
      code: 2,
      out: "",
      err:
        `The template "no-such-template" (${join("templates", "no-such-template.json")}) cannot be read: ` +
        "no such file. A name is read from templates/NAME.json in the working folder; " +
        "give a file's path to read one from elsewhere.\n",
    });
  });

  it("--template NAME reads templates/NAME.json in the working folder", async () => {
    await mkdir(join(folder.current.path, "templates"));
    await writeFile(
      join(folder.current.path, "templates", "Winter orders.json"),
      JSON.stringify({ assignments: [{ header: "Qty", target: field("quantity") }] }),
    );
    const read = await readTemplateOption("Winter orders", folder.current.path);
    expect(read).toMatchObject({
      ok: true,
      path: join("templates", "Winter orders.json"),
      template: { name: "Winter orders", headers: ["Qty"], signature: "qty" },
    });
  });
});
