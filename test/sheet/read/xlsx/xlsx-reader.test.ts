import { describe, expect, it } from "vitest";
import type { CellValue } from "../../../../src/core/sheet-model";
import { SHEET_LIMITS } from "../../../../src/sheet/limits";
import type { SheetFailureCode } from "../../../../src/sheet/read-failure";
import { readXlsx } from "../../../../src/sheet/read/xlsx/read-xlsx";
import type { ReadProgress } from "../../../../src/sheet/read/workbook";
import { zip, type ZipPart } from "../../../helpers/zip-writer";

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

interface SheetSpec {
  readonly name: string;
  readonly cells: string;
  /** What follows `<sheetData>`: merged cells, hyperlinks. */
  readonly after?: string;
  readonly state?: "hidden" | "veryHidden";
  /** The sheet's own relationships (hyperlink targets). */
  readonly links?: Readonly<Record<string, string>>;
  readonly type?: "worksheet" | "chartsheet";
  readonly encode?: (xml: string) => Buffer;
}

/**
 * A workbook from XML written by hand; sheets are zipped in reverse order, so the zip's order is not the workbook's.
 */
function workbook(
  sheets: readonly SheetSpec[],
  options: { strings?: string[] | string; styles?: string; workbookPr?: string; prefix?: string } = {},
): Uint8Array {
  const p = options.prefix ?? "";
  const ns = p ? `xmlns:${p.slice(0, -1)}="${MAIN}"` : `xmlns="${MAIN}"`;
  const sheetTags = sheets.map((s, i) => {
    const state = s.state ? ` state="${s.state}"` : "";
    return `<${p}sheet name="${s.name}" sheetId="${sheets.length - i}"${state} r:id="rId${i + 1}"/>`;
  });
  const sheetRels = sheets.map((s, i) => {
    const folder = s.type === "chartsheet" ? "chartsheets" : "worksheets";
    const type = s.type ?? "worksheet";
    return `<Relationship Id="rId${i + 1}" Type="${RELS}/${type}" Target="${folder}/sheet${i + 1}.xml"/>`;
  });
  const parts: ZipPart[] = [
    { name: "[Content_Types].xml", data: Buffer.from("<Types/>") },
    {
      name: "xl/workbook.xml",
      data: Buffer.from(
        `<?xml version="1.0"?><${p}workbook ${ns} xmlns:r="${RELS}">${options.workbookPr ?? ""}` +
          `<${p}sheets>${sheetTags.join("")}</${p}sheets></${p}workbook>`,
      ),
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: Buffer.from(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          sheetRels.join("") +
          `<Relationship Id="rIdS" Type="${RELS}/sharedStrings" Target="/xl/sharedStrings.xml"/>` +
          `<Relationship Id="rIdY" Type="${RELS}/styles" Target="styles.xml"/></Relationships>`,
      ),
    },
  ];
  if (options.strings !== undefined) {
    const items =
      typeof options.strings === "string"
        ? options.strings
        : options.strings.map((s) => `<${p}si><${p}t xml:space="preserve">${s}</${p}t></${p}si>`).join("");
    parts.push({ name: "xl/sharedStrings.xml", data: Buffer.from(`<${p}sst ${ns}>${items}</${p}sst>`) });
  }
  if (options.styles !== undefined)
    parts.push({
      name: "xl/styles.xml",
      data: Buffer.from(`<${p}styleSheet ${ns}>${options.styles}</${p}styleSheet>`),
    });
  [...sheets].reverse().forEach((s) => {
    const i = sheets.indexOf(s);
    const folder = s.type === "chartsheet" ? "chartsheets" : "worksheets";
    const xml =
      `<?xml version="1.0" encoding="UTF-8"?><${p}worksheet ${ns} xmlns:r="${RELS}">` +
      `<${p}sheetData>${s.cells}</${p}sheetData>${s.after ?? ""}</${p}worksheet>`;
    parts.push({ name: `xl/${folder}/sheet${i + 1}.xml`, data: s.encode ? s.encode(xml) : Buffer.from(xml) });
    if (s.links) {
      const rels = Object.entries(s.links).map(
        ([id, target]) =>
          `<Relationship Id="${id}" Type="${RELS}/hyperlink" Target="${target}" TargetMode="External"/>`,
      );
      parts.push({
        name: `xl/worksheets/_rels/sheet${i + 1}.xml.rels`,
        data: Buffer.from(
          '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
            `${rels.join("")}</Relationships>`,
        ),
      });
    }
  });
  return new Uint8Array(zip(parts));
}

async function read(bytes: Uint8Array, onProgress?: (p: ReadProgress) => void) {
  const result = await readXlsx(bytes, "orders.xlsx", onProgress);
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
  return result.sheets.map((sheet) => {
    const rows: (CellValue[] | undefined)[] = [];
    for (let i = 0; i < sheet.rows().length; i++) {
      const row = sheet.rows().at(i);
      rows.push(row ? [...row] : undefined);
    }
    return {
      name: sheet.name,
      hidden: sheet.hidden,
      rowCount: sheet.rowCount,
      rows,
      hiddenRows: sheet.hiddenRows(),
      width: sheet.rows().usedWidth?.(0),
    };
  });
}

async function cells(
  cellsXml: string,
  options: Parameters<typeof workbook>[1] = {},
  after?: string,
  links?: Record<string, string>,
) {
  const [sheet] = await read(
    workbook([{ name: "Orders", cells: cellsXml, ...(after ? { after } : {}), ...(links ? { links } : {}) }], options),
  );
  return sheet?.rows;
}

async function refusal(bytes: Uint8Array): Promise<[SheetFailureCode, string] | "read"> {
  const result = await readXlsx(bytes, "orders.xlsx");
  return result.ok ? "read" : [result.code, result.message];
}

const row = (r: number, xml: string, attributes = "") => `<row r="${r}"${attributes}>${xml}</row>`;
const STYLES =
  '<numFmts><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/>' +
  '<numFmt numFmtId="165" formatCode="#,##0\\ \\k\\m"/>' +
  '<numFmt numFmtId="166" formatCode="[Red]0.00;&quot;minus &quot;0.00"/>' +
  '<numFmt numFmtId="14" formatCode="0.00"/></numFmts><cellXfs><xf numFmtId="0"/><xf numFmtId="14"/>' +
  '<xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="166"/><xf numFmtId="22"/>' +
  '<xf numFmtId="49"/></cellXfs><dxfs><dxf><numFmt numFmtId="165" formatCode="yyyy"/></dxf></dxfs>';
const STYLES_WITH_BUILTIN_14 = STYLES.replace('<numFmt numFmtId="14" formatCode="0.00"/>', "");

describe("readXlsx: the workbook", () => {
  it("lists sheets in the workbook's order with their hidden states, and leaves chart sheets out", async () => {
    const sheets = await read(
      workbook([
        { name: "Read me", cells: row(1, '<c r="A1" t="inlineStr"><is><t>Hi</t></is></c>') },
        { name: "Chart", cells: "", type: "chartsheet" },
        { name: "Orders", cells: row(1, '<c r="A1"><v>1</v></c>') },
        { name: "Lists", cells: row(1, '<c r="A1"><v>2</v></c>'), state: "hidden" },
        { name: "Secret", cells: "", state: "veryHidden" },
      ]),
    );
    expect(sheets.map((s) => [s.name, s.hidden])).toEqual([
      ["Read me", false],
      ["Orders", false],
      ["Lists", true],
      ["Secret", true],
    ]);
  });

  it("reads a part that a namespace prefix is on throughout, and one saved as UTF-16", async () => {
    expect(
      await cells(row(1, '<x:c r="B1" t="s"><x:v>0</x:v></x:c>').replace(/<(\/?)row/g, "<$1x:row"), {
        prefix: "x:",
        strings: ["Qty"],
      }),
    ).toEqual([[null, "Qty"]]);
    const [sheet] = await read(
      workbook([
        {
          name: "Orders",
          cells: row(1, '<c r="A1" t="inlineStr"><is><t>Café 👕</t></is></c>'),
          encode: (xml) =>
            Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml.replace("UTF-8", "UTF-16"), "utf16le")]),
        },
      ]),
    );
    expect(sheet?.rows).toEqual([["Café 👕"]]);
  });

  it("reports checking, then reading the sheets in steps up to the end", async () => {
    const big = Array.from({ length: 30_000 }, (_, i) =>
      row(i + 1, `<c r="A${i + 1}"><v>${i}</v></c><c r="B${i + 1}" t="inlineStr"><is><t>row ${i}</t></is></c>`),
    ).join("");
    const seen: ReadProgress[] = [];
    await read(workbook([{ name: "Orders", cells: big }]), (p) => seen.push(p));
    const phases = seen.map((p) => p.phase);
    expect(phases.indexOf("parsing")).toBeGreaterThan(0);
    expect(phases.slice(phases.indexOf("parsing")).every((p) => p === "parsing")).toBe(true);
    const parsing = seen.filter((p) => p.phase === "parsing").map((p) => p.fraction ?? 0);
    expect(parsing.length).toBeGreaterThan(5);
    expect(parsing.length).toBeLessThanOrEqual(101);
    expect(parsing).toEqual([...parsing].sort((a, b) => a - b));
    expect(parsing.at(-1)).toBe(1);
  });
});

describe("readXlsx: cells as the user sees them", () => {
  it(
    "reads shared strings: plain, rich text runs joined, " + "phonetic guides left out, Excel's escapes decoded",
    async () => {
      const strings = [
        `<si><t xml:space="preserve">  00123 </t></si>`,
        `<si><r><rPr><b/></rPr><t>Bold</t></r><r><t xml:space="preserve"> and plain</t></r></si>`,
        `<si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si>`,
        `<si><t>a_x000D_b_x005F_x0041_</t></si>`,
        `<si><t>Fish &amp; &lt;chips&gt;</t></si>`,
        `<si/>`,
      ].join("");
      expect(
        await cells(row(1, [0, 1, 2, 3, 4, 5].map((i) => `<c t="s"><v>${i}</v></c>`).join("")), { strings }),
      ).toEqual([["  00123 ", "Bold and plain", "東京", "a\rb_x0041_", "Fish & <chips>", ""]]);
    },
  );

  it("reads inline strings, formula text, booleans, errors and ISO dates", async () => {
    const xml = row(
      1,
      [
        '<c r="A1" t="inlineStr"><is><r><t>In</t></r><r><t>line</t></r><rPh><t>x</t></rPh></is></c>',
        '<c r="B1" t="str"><f>"a"&amp;"b"</f><v>a&amp;lt;b</v></c>',
        '<c r="C1" t="b"><v>1</v></c>',
        '<c r="D1" t="b"><v>0</v></c>',
        '<c r="E1" t="e"><f>NA()</f><v>#N/A</v></c>',
        '<c r="F1" t="d"><v>2027-02-15T10:30:00</v></c>',
        '<c r="G1" t="d"><v>2027-02-15</v></c>',
        '<c r="H1" t="str"><f>A1</f><v></v></c>',
        '<c r="I1" t="inlineStr"><is><t></t></is></c>',
      ].join(""),
    );
    expect(await cells(xml)).toEqual([
      [
        "Inline",
        "a&lt;b",
        true,
        false,
        "#N/A",
        new Date(Date.UTC(2027, 1, 15, 10, 30)),
        new Date(Date.UTC(2027, 1, 15)),
      ],
    ]);
  });

  it(
    "tells dates from numbers by the cell's format: built-in date formats, " +
      "the workbook's own, not escaped or quoted letters",
    async () => {
      const serial = 46433; // 2027-02-15
      const xml = row(
        1,
        [0, 1, 2, 3, 4, 5, 6].map((s) => `<c s="${s}"><v>${serial}</v></c>`).join("") +
          `<c s="2"><f>TODAY()</f><v>${serial}.75</v></c><c s="99"><v>1</v></c>`,
      );
      const date = new Date(Date.UTC(2027, 1, 15));
      // Style 1 is format 14, which this workbook redefines as a plain number format.
      expect(await cells(xml, { styles: STYLES })).toEqual([
        [serial, serial, date, serial, serial, date, serial, new Date(Date.UTC(2027, 1, 15, 18)), 1],
      ]);
      expect((await cells(xml, { styles: STYLES_WITH_BUILTIN_14 }))?.[0]?.[1]).toEqual(date);
    },
  );

  it("reads dates in the 1904 date system, however the workbook says so", async () => {
    for (const flag of ["1", "true"]) {
      expect(
        await cells(row(1, '<c s="1"><v>45000</v></c>'), {
          styles: STYLES_WITH_BUILTIN_14,
          workbookPr: `<workbookPr date1904="${flag}"/>`,
        }),
      ).toEqual([[new Date(Date.UTC(2027, 2, 16))]]);
    }
  });

  it(
    "reads numbers as they are stored: negatives, decimals, " +
      "exponents, and text typed with leading zeros stays text",
    async () => {
      const values = ["-17.25", "0.30000000000000004", "1.2345678901234567E+19", "1e-10", " 42 "];
      expect(
        await cells(row(1, values.map((v) => `<c><v>${v}</v></c>`).join("") + '<c t="s"><v>0</v></c>'), {
          strings: ["0612"],
        }),
      ).toEqual([[-17.25, 0.30000000000000004, 12345678901234567000, 1e-10, 42, "0612"]]);
    },
  );

  it("reads formulas as their cached results, shared formulas too, and one with no result as blank", async () => {
    const xml =
      row(1, '<c r="A1"><f t="shared" ref="A1:A3" si="0">B1*2</f><v>4</v></c><c r="B1"><f>NOW()</f></c>') +
      row(2, '<c r="A2"><f t="shared" si="0"/><v>6</v></c>');
    expect(await cells(xml)).toEqual([[4], [6]]);
  });

  it(
    "gives a linked cell's web address unless it shows one, " +
      "and a mail link's text; links within the used range only",
    async () => {
      const xml = row(
        1,
        '<c r="A1" t="inlineStr"><is><t>front logo</t></is></c><c r="B1" t="inlineStr">' +
          '<is><t>https://x.example/b</t></is></c><c r="C1" t="inlineStr"><is>' +
          '<t>me@club.example</t></is></c><c r="D1"><v>7</v></c><c r="E1" s="1"/><c r="F1"><v>1</v></c>',
      );
      const after =
        '<hyperlinks><hyperlink ref="A1" r:id="rId1"/><hyperlink ref="B1" r:id="rId2"/>' +
        '<hyperlink ref="C1" r:id="rId3"/><hyperlink ref="D1" r:id="rId1"/>' +
        '<hyperlink ref="E1" r:id="rId1"/><hyperlink ref="F1" location="Lists!A1"/>' +
        '<hyperlink ref="A1:F1" r:id="rId2"/><hyperlink ref="Z9" r:id="rId1"/></hyperlinks>';
      const links = { rId1: "https://x.example/logo.png", rId2: "https://x.example/b", rId3: "mailto:me@club.example" };
      const [sheet] = await read(workbook([{ name: "Orders", cells: xml, after, links }]));
      expect(sheet?.rows).toEqual([
        [
          "https://x.example/logo.png",
          "https://x.example/b",
          "me@club.example",
          "https://x.example/logo.png",
          "https://x.example/logo.png",
          1,
        ],
      ]);
      expect(sheet?.width).toBe(6);
    },
  );
});

describe("readXlsx: rows, merged cells and hidden rows", () => {
  it(
    "gives every cell of a merged range its top-left value, " + "hiding the others' own, within the used range",
    async () => {
      const xml = [
        row(
          1,
          '<c r="A1" t="inlineStr"><is><t>Title</t></is></c>' +
            '<c r="B1" t="inlineStr"><is><t>hidden under the merge</t></is></c>',
        ),
        row(3, '<c r="A3"><v>1</v></c><c r="B3"><v>2</v></c><c r="C3"><v>3</v></c>'),
        row(4, '<c r="A4"><v>4</v></c>'),
      ].join("");
      const after =
        '<mergeCells><mergeCell ref="A1:C1"/><mergeCell ref="B3:B1048576"/>' +
        '<mergeCell ref="E1:F2"/><mergeCell ref="C2:XFD2"/></mergeCells>';
      const [sheet] = await read(workbook([{ name: "Orders", cells: xml, after }]));
      expect(sheet?.rows).toEqual([["Title", "Title", "Title"], undefined, [1, 2, 3], [4, 2]]);
      expect([sheet?.rows.length, sheet?.width, sheet?.rowCount]).toEqual([4, 3, 3]);
    },
  );

  it("reports hidden rows within the used range only", async () => {
    const xml = [
      row(1, '<c r="A1"><v>1</v></c>'),
      row(2, "", ' hidden="1"'),
      row(3, '<c r="A3"><v>3</v></c>', ' hidden="true"'),
      row(4, '<c r="A4" s="1"/>', ' hidden="1"'),
      row(5000, "", ' hidden="1"'),
    ].join("");
    const [sheet] = await read(workbook([{ name: "Orders", cells: xml }]));
    expect([sheet?.hiddenRows, sheet?.rows.length]).toEqual([[2, 3], 3]);
  });

  it(
    "puts rows written out of order in order (the last of a repeated row kept), " +
      "and places rows and cells without a reference after the previous",
    async () => {
      const xml = [
        row(3, '<c r="A3"><v>3</v></c>'),
        row(1, '<c r="A1"><v>1</v></c>'),
        row(3, '<c r="B3"><v>33</v></c>'),
        '<row><c><v>4</v></c><c><v>5</v></c><c r="D4"><v>6</v></c><c><v>7</v></c></row>',
      ].join("");
      expect(await cells(xml)).toEqual([[1], undefined, [null, 33], [4, 5, null, 6, 7]]);
    },
  );

  it(
    "keeps a blank row between values in its place, " +
      "and leaves styled blank cells and rows after the last value out",
    async () => {
      const xml = [
        row(1, '<c r="A1"><v>1</v></c><c r="B1" s="1"/>'),
        row(2, '<c r="A2" s="1"/>'),
        row(3, '<c r="A3" t="s"><v>0</v></c>'),
        row(9, '<c r="A9" s="1"/><c r="ZZ9" s="1"/>'),
      ].join("");
      const [sheet] = await read(workbook([{ name: "Orders", cells: xml }], { strings: ["x"] }));
      expect([sheet?.rows, sheet?.rowCount, sheet?.width]).toEqual([[[1], undefined, ["x"]], 2, 1]);
    },
  );
});

describe("readXlsx: a damaged workbook", () => {
  const failureOf = async (bytes: Uint8Array) => {
    const result = await readXlsx(bytes, "orders.xlsx");
    return result.ok
      ? "read"
      : { code: result.code, rowNumber: result.rowNumber, columnIndex: result.columnIndex, message: result.message };
  };
  const header = row(1, '<c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>');

  it.each([
    ["an index past the last shared text", "3", ["Order No", "Qty", "A-1"]],
    ["an index with no shared texts at all", "0", undefined],
    ["a negative index", "-1", ["Order No", "Qty", "A-1"]],
    ["an index that is not a number", "x", ["Order No", "Qty", "A-1"]],
  ] as const)(
    "refuses a cell that refers to text the workbook does not have (%s), naming the cell and the sheet",
    async (_, index, strings) => {
      const cells = (strings ? header : "") + row(7, `<c r="A7" t="s"><v>2</v></c><c r="B7" t="s"><v>${index}</v></c>`);
      const bytes = workbook([{ name: "Orders", cells }], strings ? { strings: [...strings] } : {});
      // Without shared texts, A7 is the first cell to name one.
      expect(await failureOf(bytes)).toEqual({
        code: "CORRUPT",
        rowNumber: 7,
        columnIndex: strings ? 1 : 0,
        message: expect.stringMatching(
          new RegExp(
            `^orders\\.xlsx is damaged: cell ${strings ? "B7" : "A7"} ` +
              'of sheet "Orders" refers to text that is not in the workbook',
          ),
        ),
      });
    },
  );

  it("reads a cell naming the last shared text", async () => {
    expect(
      await cells(header + row(7, '<c r="A7" t="s"><v>2</v></c>'), { strings: ["Order No", "Qty", "A-1"] }),
    ).toEqual([["Order No", "Qty"], undefined, undefined, undefined, undefined, undefined, ["A-1"]]);
  });
});

describe("readXlsx: limits", () => {
  const { maxCellChars } = SHEET_LIMITS.xlsx;
  const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

  it.each([
    [
      "a cell as long as a cell may be",
      workbook([{ name: "Orders", cells: row(1, inline("A1", "x".repeat(maxCellChars))) }]),
      "read",
    ],
    [
      "an inline cell one character longer",
      workbook([{ name: "Orders", cells: row(1, inline("A1", "x".repeat(maxCellChars + 1))) }]),
      ["CELL_TOO_LONG", /cell A1 of sheet "Orders" holds more than 32,767 characters/],
    ],
    [
      "a shared text as long as a cell may be",
      workbook([{ name: "Orders", cells: row(1, '<c r="A1" t="s"><v>0</v></c>') }], {
        strings: ["x".repeat(maxCellChars)],
      }),
      "read",
    ],
    [
      "a shared text one character longer",
      workbook([{ name: "Orders", cells: row(1, '<c r="A1" t="s"><v>0</v></c>') }], {
        strings: ["x".repeat(maxCellChars + 1)],
      }),
      ["CELL_TOO_LONG", /one of the shared texts holds more than 32,767 characters/],
    ],
    [
      "a formula's text as long as a cell may be, written with entities",
      workbook([
        { name: "Orders", cells: row(2, `<c r="C2" t="str"><f>x</f><v>${"&amp;".repeat(maxCellChars)}</v></c>`) },
      ]),
      "read",
    ],
    [
      "a formula's text one character longer",
      workbook([
        { name: "Orders", cells: row(2, `<c r="C2" t="str"><f>x</f><v>${"x".repeat(maxCellChars + 1)}</v></c>`) },
      ]),
      ["CELL_TOO_LONG", /cell C2 of sheet "Orders"/],
    ],
    [
      "a value in the last column allowed",
      workbook([{ name: "Orders", cells: row(1, '<c r="ALL1"><v>1</v></c>') }]),
      "read",
    ],
    [
      "a value one column further",
      workbook([{ name: "Orders", cells: row(1, '<c r="ALM1"><v>1</v></c>') }]),
      ["TOO_MANY_COLUMNS", /value in column ALM \(cell ALM1\)/],
    ],
    [
      "blank text far to the right",
      workbook([
        { name: "Orders", cells: row(1, '<c r="A1"><v>1</v></c><c r="XFD1" t="inlineStr"><is><t>  </t></is></c>') },
      ]),
      "read",
    ],
    [
      "a row past the grid",
      workbook([{ name: "Orders", cells: row(1_048_577, '<c r="A1048577"><v>1</v></c>') }]),
      ["CORRUPT", /row numbered 1,048,577/],
    ],
    [
      "a sheet that stops part-way",
      workbook([
        { name: "Orders", cells: row(1, '<c r="A1"><v>1</v></c>'), encode: (xml) => Buffer.from(xml.slice(0, -20)) },
      ]),
      ["CORRUPT", /looks damaged \(its sheet "Orders" is cut short or garbled\)/],
    ],
  ] as const)("%s", async (_, bytes, expected) => {
    const outcome = await refusal(bytes);
    if (expected === "read") expect(outcome).toBe("read");
    else expect(outcome).toEqual([expected[0], expect.stringMatching(expected[1])]);
  });

  it("counts rows that only merged cells fill as rows, and blank rows not at all", async () => {
    const [sheet] = await read(
      workbook([
        {
          name: "Orders",
          cells: row(1, '<c r="A1"><v>1</v></c>') + row(4, '<c r="B4"><v>2</v></c>') + row(5, "", ' hidden="1"'),
          after: '<mergeCells><mergeCell ref="A1:A3"/></mergeCells>',
        },
      ]),
    );
    expect([sheet?.rows, sheet?.rowCount]).toEqual([[[1], [1], [1], [null, 2]], 4]);
  });
});
