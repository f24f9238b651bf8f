/**
 * Writes the sample order sheets. Each is shaped the way customers' own files come: a styled
 * workbook with an instructions sheet in front and dropdown lists on a hidden sheet, a CSV
 * saved by Excel in Windows-1252, a stock order form with one column per size, a plain CSV of
 * price-code lines. Every code in them exists in the simulator's catalogue, and every due
 * date lies weeks after the day they are made for, so they check cleanly whatever the date.
 *
 * `npm start` and `npm run sim` run this first; `npm run cli` too, when the samples are missing
 * or were made for another day. By hand: `npx tsx samples/make-samples.ts [--if-stale]`. The
 * day is the simulator clock's: SIM_NOW when set, else today.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ExcelJS from "exceljs";
import { ConfigError } from "../src/server/proxy/connections";
import { simulatorOptionsFromEnv } from "../src/server/simulator/env-options";

/** The sample files, as `makeSamples` names them. */
export const SAMPLE_FILES = [
  "team-orders-winter.xlsx",
  "reorder-campaign.csv",
  "stock-order.xlsx",
  "price-code-orders.csv",
  "artwork-links.csv",
] as const;
export type SampleFile = (typeof SAMPLE_FILES)[number];

/** Beside the samples: the day they were made for, so that a run on the same day can keep them. */
const MADE_FOR_FILE = ".made-for";

const DAY_MS = 86_400_000;
/** The day `days` after an ISO date, as a date cell's value (midnight UTC). */
const daysAfter = (today: string, days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS);
const isoDaysAfter = (today: string, days: number) => daysAfter(today, days).toISOString().slice(0, 10);
const longDate = (date: Date) =>
  new Intl.DateTimeFormat("en-NZ", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(date);

function styleHeader(row: ExcelJS.Row): void {
  row.font = { bold: true, color: { argb: "FFFFFFFF" } };
  row.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FF2B6CB0" } };
  row.alignment = { vertical: "middle", wrapText: true };
  row.height = 30;
}

// --- Seasonal team orders ----------------------------------------------------------------

type TeamLine = [
  type: string,
  code: string,
  colour: string,
  player: string,
  number: string,
  vinyl: string,
  fabric: string,
  sizes: (number | null)[],
  qty: number | null,
  artwork: string,
];
interface Team {
  readonly order: string;
  readonly team: string;
  readonly contact: string;
  readonly club: string;
  readonly street: string;
  readonly suburb: string;
  readonly city: string;
  readonly postcode: string;
  readonly country: string;
  readonly shipVia: string;
  /** Days from the day the samples are made for: a season's orders come some weeks ahead. */
  readonly dueInDays: number;
  readonly lines: readonly TeamLine[];
}

const NO_SIZES: (number | null)[] = [null, null, null, null, null, null, null, null];
const players = (names: readonly string[], first: number, vinyl: string): TeamLine[] =>
  names.flatMap((name, i) => [
    ["PriceCode", 'HTV Name 2": Single Colour', "", name, "", vinyl, "", NO_SIZES, 1, ""] as TeamLine,
    ["PriceCode", 'HTV Number 8": Single Colour', "", "", String(first + i), vinyl, "", NO_SIZES, 1, ""] as TeamLine,
  ]);

const teams: readonly Team[] = [
  {
    order: "KTP-27001",
    team: "Karori Football seniors",
    contact: "Hana Moore",
    club: "Karori Football Club",
    street: "10 Donald Street",
    suburb: "Karori",
    city: "Wellington",
    postcode: "6012",
    country: "New Zealand",
    shipVia: "Courier",
    dueInDays: 87,
    lines: [
      ["Stock", "RJ100", "Navy/White", "", "", "", "", [2, 4, 5, 3, 1, null, null, null], null, ""],
      ["PriceCode", 'DTF 10" x 10": Full Colour', "", "", "", "", "Polyester", NO_SIZES, 15, ""],
      ...players(["MOORE", "TANE", "NGATA", "SMITH"], 4, "White"),
      ["Asset", "A1042014", "", "", "", "", "", NO_SIZES, 25, ""],
    ],
  },
  {
    order: "KTP-27002",
    team: "Ponsonby Netball premier",
    contact: "Aroha Smith",
    club: "Ponsonby Netball",
    street: "47 Jervois Road",
    suburb: "Herne Bay",
    city: "Auckland",
    postcode: "1011",
    country: "NZ",
    shipVia: "O/N",
    dueInDays: 92,
    lines: [
      ["Stock", "AS5001", "White", "", "", "", "", [null, 3, 4, 2, null, null, null, null], null, ""],
      ["PriceCode", "DTF A4: Full Colour", "", "", "", "", "Cotton", NO_SIZES, 30, ""],
      ...players(["AROHA", "MERE", "TE ATA"], 1, "Gold"),
    ],
  },
  {
    order: "KTP-27003",
    team: "Henderson Hawks juniors",
    contact: "Sione Taufa",
    club: "Henderson Rugby League",
    street: "22 Alderman Drive",
    suburb: "Henderson",
    city: "Auckland",
    postcode: "0612",
    country: "NZL",
    shipVia: "Courier",
    dueInDays: 101,
    lines: [
      ["Stock", "RJ100Y", "Black/Gold", "", "", "", "", [null, null, null, null, null, 6, 8, 4], null, ""],
      ["Asset", "A1042003", "", "", "", "", "", NO_SIZES, 40, ""],
      ["Asset", "G-0007", "", "", "", "", "", NO_SIZES, 100, ""],
    ],
  },
  {
    order: "KTP-27004",
    team: "Otago Rugby colts",
    contact: "Sam Rangi",
    club: "",
    street: "",
    suburb: "",
    city: "",
    postcode: "",
    country: "",
    shipVia: "Pick-up",
    dueInDays: 105,
    lines: [
      [
        "PriceCode",
        'DTF 4" x 4": Full Colour',
        "",
        "",
        "",
        "",
        "Cotton/Poly blend",
        NO_SIZES,
        25,
        "https://files.otagorugby.example/colts-crest.png",
      ],
      [
        "PriceCode",
        'HTV 4" x 4": Single Colour',
        "",
        "",
        "",
        "Navy",
        "",
        NO_SIZES,
        20,
        "https://files.otagorugby.example/colts-sleeve.pdf",
      ],
      ["Stock", "CP1140", "Navy/White", "", "", "", "", NO_SIZES, 20, ""],
    ],
  },
];

async function teamWorkbook(folder: string, today: string): Promise<void> {
  const book = new ExcelJS.Workbook();
  book.creator = "Kiwi Team Print Ltd";
  const help = book.addWorksheet("How to order");
  help.columns = [{ width: 100 }];
  help.addRows([
    ["Winter team orders — how to fill in this workbook"],
    ["One row per line. Put the team's details (contact, address, delivery) on its first row only."],
    [
      "Item type: PriceCode for new transfers, " +
        "Asset to reorder an existing design by its tag, Stock for blank garments.",
    ],
    ["Garments: enter quantities under the size columns. Transfers and reorders: use the Qty column."],
    ["Names and numbers: one row per player."],
  ]);
  help.getRow(1).font = { bold: true, size: 14 };

  const sheet = book.addWorksheet("Orders", { views: [{ state: "frozen", ySplit: 4 }] });
  sheet.mergeCells("A1:H1");
  sheet.getCell("A1").value = "Kiwi Team Print — Winter team orders";
  sheet.getCell("A1").font = { bold: true, size: 16 };
  sheet.getCell("A2").value = `Return by ${longDate(daysAfter(today, 56))} to orders@kiwiteamprint.example`;
  const headers = [
    "Order #",
    "Team",
    "Contact",
    "Club",
    "Street",
    "Suburb",
    "City",
    "Postcode",
    "Country",
    "Ship via",
    "Due",
    "Item type",
    "Code",
    "Colour",
    "Player name",
    "Player number",
    "Vinyl colour",
    "Fabric",
    "S",
    "M",
    "L",
    "XL",
    "2XL",
    "Y8",
    "Y10",
    "Y12",
    "Qty",
    "Artwork",
  ];
  const header = sheet.getRow(4);
  header.values = headers;
  styleHeader(header);
  const widths = [12, 24, 14, 22, 18, 12, 12, 9, 12, 10, 11, 10, 28, 12, 12, 8, 11, 16, 5, 5, 5, 5, 5, 5, 5, 5, 6, 40];
  for (const [i, column] of sheet.columns.entries()) column.width = widths[i] ?? 10;
  let rowNumber = 5;
  for (const team of teams) {
    team.lines.forEach((line, index) => {
      const [type, code, colour, player, number, vinyl, fabric, sizes, qty, artwork] = line;
      const first = index === 0;
      const row = sheet.getRow(rowNumber++);
      row.values = [
        team.order,
        first ? team.team : null,
        first ? team.contact : null,
        first ? team.club || null : null,
        first ? team.street || null : null,
        first ? team.suburb || null : null,
        first ? team.city || null : null,
        first ? team.postcode || null : null,
        first ? team.country || null : null,
        first ? team.shipVia : null,
        first ? daysAfter(today, team.dueInDays) : null,
        type,
        code,
        colour || null,
        player || null,
        number || null,
        vinyl || null,
        fabric || null,
        ...sizes,
        qty,
        artwork ? { text: "artwork", hyperlink: artwork } : null,
      ];
      row.getCell(11).numFmt = "dd/mm/yyyy";
      row.getCell(8).numFmt = "@";
    });
  }
  const lists = book.addWorksheet("Lists", { state: "hidden" });
  lists.getColumn(1).values = ["Item types", "PriceCode", "Asset", "Stock"];
  lists.getColumn(2).values = ["Ship via", "Courier", "O/N", "Rural", "Pick-up"];
  for (let r = 5; r < rowNumber; r++) {
    sheet.getCell(`L${r}`).dataValidation = { type: "list", allowBlank: true, formulae: ["Lists!$A$2:$A$4"] };
    sheet.getCell(`J${r}`).dataValidation = { type: "list", allowBlank: true, formulae: ["Lists!$B$2:$B$5"] };
  }
  await book.xlsx.writeFile(join(folder, "team-orders-winter.xlsx"));
}

// --- Reorder campaign by asset tag (Excel "CSV (Comma delimited)": Windows-1252, CRLF) -----

function reorderCsv(folder: string): void {
  const header = [
    "Order No",
    "Asset Tag",
    "Description",
    "Qty",
    "Garment",
    "Ship to",
    "Company",
    "Street",
    "Suburb",
    "City",
    "State",
    "Postcode",
    "Country",
    "Delivery",
  ];
  const rows: string[][] = [
    [
      "RO-3101",
      "A1042001",
      "Club crest, front",
      "50",
      "Tee",
      "Tui Ranginui",
      "Café Rugby Club",
      "5 Ocean Road",
      "Mount Maunganui",
      "Tauranga",
      "",
      "3116",
      "NZ",
      "Courier",
    ],
    ["RO-3101", "A1042002", "Sponsor panel, back", "50", "Tee", "", "", "", "", "", "", "", "", ""],
    ["RO-3101", "G-0001", "Care label", "100", "", "", "", "", "", "", "", "", "", ""],
    [
      "RO-3102",
      "A1042005",
      "Sleeve logo",
      "30",
      "Hoodie",
      "Emma Brown",
      "Rāwhiti Hockey",
      "18 Kāinga Street",
      "Linwood",
      "Christchurch",
      "",
      "8011",
      "NZ",
      "CPSTD",
    ],
    ["RO-3102", "A1042006", "Nape tag", "30", "Hoodie", "", "", "", "", "", "", "", "", ""],
    [
      "RO-3103",
      "A1042008",
      "Supporters tee print",
      "120",
      "Tee",
      "Liam O’Connor",
      "Geelong Basketball",
      "44 Moorabool Street",
      "",
      "Geelong",
      "VIC",
      "3220",
      "AU",
      "INTL",
    ],
    [
      "RO-3104",
      "A1042009",
      "Coaches polo chest logo",
      "25",
      "Polo",
      "Priya Shah",
      "Hutt Valley Cricket",
      "2 Hutt Road",
      "Petone",
      "Lower Hutt",
      "",
      "5012",
      "NZ",
      "O/N",
    ],
    ["RO-3104", "A1042010", "Training top print", "24", "Tee", "", "", "", "", "", "", "", "", ""],
  ];
  const cp1252: Record<string, number> = { é: 0xe9, "’": 0x92 };
  const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  // Excel's plain CSV save cannot hold macrons: it writes them as their nearest letters.
  const text =
    [header, ...rows]
      .map((row) => row.map(quote).join(","))
      .join("\r\n")
      .replace(/ā/g, "a") + "\r\n";
  const bytes = Buffer.from([...text].map((ch) => (ch.charCodeAt(0) < 0x80 ? ch.charCodeAt(0) : (cp1252[ch] ?? 0x3f))));
  writeFileSync(join(folder, "reorder-campaign.csv"), bytes);
}

// --- Stocked garments with size runs -----------------------------------------------------

async function stockWorkbook(folder: string): Promise<void> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Stock order");
  sheet.addRow(["Stock order form", null, null, "Customer:", "Kiwi Team Print Ltd"]);
  sheet.addRow([
    "Order ref",
    "Deliver to",
    "Address",
    "City",
    "Postcode",
    "Ship via",
    "Promo",
    "Style",
    "Colour",
    "XS",
    "S",
    "M",
    "L",
    "XL",
    "XXL",
    "3XL",
    "Youth 6",
    "Youth 8",
    "Youth 10",
    "Youth 12",
    "Qty",
    "Notes",
  ]);
  styleHeader(sheet.getRow(2));
  const rows: (string | number | null)[][] = [
    [
      "ST-901",
      "Kiwi Team Print (warehouse)",
      "14 Fanshawe Street",
      "Auckland",
      "1010",
      "Pick-up",
      null,
      "AS5001",
      "Black",
      2,
      6,
      10,
      10,
      6,
      3,
      1,
      null,
      null,
      null,
      null,
      null,
      "Stock for walk-in orders",
    ],
    [
      "ST-901",
      null,
      null,
      null,
      null,
      null,
      null,
      "AS5001",
      "White",
      null,
      4,
      8,
      8,
      4,
      2,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ],
    [
      "ST-901",
      null,
      null,
      null,
      null,
      null,
      null,
      "AS5101",
      "Navy",
      null,
      2,
      4,
      4,
      2,
      1,
      1,
      null,
      null,
      null,
      null,
      null,
      null,
    ],
    [
      "ST-901",
      null,
      null,
      null,
      null,
      null,
      null,
      "EQ-PILLOW",
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
      2,
      "Heat press pillows",
    ],
    [
      "ST-902",
      "Karori Football Club",
      "10 Donald Street",
      "Wellington",
      "6012",
      "Courier",
      "TEAMS25",
      "AS3006",
      "Royal",
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      5,
      8,
      6,
      3,
      null,
      "Junior squad",
    ],
    [
      "ST-902",
      null,
      null,
      null,
      null,
      null,
      null,
      "CP1140",
      "Black",
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
      24,
      "One size",
    ],
  ];
  for (const row of rows) sheet.addRow(row);
  sheet.getColumn(5).numFmt = "@";
  await book.xlsx.writeFile(join(folder, "stock-order.xlsx"));
}

// --- Price-code lines, one order's job details on its first row (the walking skeleton's path) --

function priceCodeCsv(folder: string, today: string): void {
  const due = (days: number) => isoDaysAfter(today, days);
  const rows: string[][] = [
    [
      "Order No",
      "Team",
      "Due Date",
      "Delivery",
      "Contact",
      "Club",
      "Address",
      "Suburb",
      "City",
      "Postcode",
      "Country",
      "Price Code",
      "Qty",
      "Fabric",
      "Vinyl colour",
      "Player name",
      "Artwork URL",
      "Ink colours (Pantone)",
      "Substrate",
      "Label text",
    ],
    [
      "KTP-24001",
      "Karori Football seniors",
      due(87),
      "CPSTD",
      "Hana Moore",
      "Karori Football Club",
      "10 Donald Street",
      "Karori",
      "Wellington",
      "6012",
      "NZ",
      'DTF 10" x 10": Full Colour',
      "40",
      "Polyester",
      "",
      "",
      "https://files.karorifc.example/crest-front.png",
      "",
      "",
      "",
    ],
    [
      "KTP-24001",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      'HTV 10" x 12": Single Colour',
      "40",
      "",
      "White",
      "",
      "https://files.karorifc.example/numbers.pdf",
      "",
      "",
      "",
    ],
    [
      "KTP-24001",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      'LBL 2" x 1": Neck Label',
      "120",
      "",
      "",
      "",
      "https://files.karorifc.example/neck-label.pdf",
      "",
      "",
      "KARORI FC",
    ],
    [
      "KTP-24002",
      "Ponsonby Netball premier",
      due(92),
      "CPON",
      "Aroha Smith",
      "Ponsonby Netball",
      "47 Jervois Road",
      "Herne Bay",
      "Auckland",
      "1011",
      "NZ",
      "SCR A4: 2 Colour",
      "60",
      "Cotton",
      "",
      "",
      "",
      "PMS 286 C, White",
      "",
      "",
    ],
    ...["AROHA", "MERE", "TE ATA"].map((name) => [
      "KTP-24002",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      'HTV Name 2": Single Colour',
      "1",
      "",
      "Navy",
      name,
      "",
      "",
      "",
      "",
    ]),
    [
      "KTP-24003",
      "Otago Rugby colts",
      due(101),
      "PICKUP",
      "Sam Rangi",
      "",
      "",
      "",
      "",
      "",
      "",
      'DTF 4" x 4": Full Colour',
      "25",
      "Cotton/Poly blend",
      "",
      "",
      "",
      "",
      "",
      "",
    ],
    [
      "KTP-24003",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      'HTV 4" x 4": Single Colour',
      "30",
      "",
      "Gold",
      "",
      "",
      "",
      "",
      "",
    ],
    [
      "KTP-24004",
      "Hutt Valley Cricket",
      due(97),
      "CPSTD",
      "Jon Lee",
      "Hutt Valley Cricket Club",
      "2 Hutt Road",
      "Petone",
      "Lower Hutt",
      "5012",
      "NZ",
      "SUB A4: Full Colour",
      "15",
      "",
      "",
      "",
      "",
      "",
      "Polyester tee",
      "",
    ],
  ];
  const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  writeFileSync(join(folder, "price-code-orders.csv"), rows.map((row) => `${row.map(quote).join(",")}\r\n`).join(""));
}

// --- Artwork links in every state the check finds (the embedded simulator answers ".example" links) -----------

function artworkCsv(folder: string, today: string): void {
  const due = isoDaysAfter(today, 40);
  // A signed link that stops working the day after it was made: long before the job is due.
  const signed = `X-Amz-Date=${today.replace(/-/g, "")}T000000Z&X-Amz-Expires=86400&X-Amz-Signature=demo`;
  const links: readonly [string, string][] = [
    ["HCR-301", "https://files.harbourcity.example/crest-front.png"],
    ["HCR-302", "https://files.harbourcity.example/crest-small.png"],
    ["HCR-303", "https://files.harbourcity.example/sleeve-logo.pdf"],
    ["HCR-304", "https://www.dropbox.com/s/h4rb0urc1ty/crest-front.png?dl=0"],
    ["HCR-305", "https://files.harbourcity.example/private/crest-back.png"],
    ["HCR-306", "https://files.harbourcity.example/missing/crest-old.png"],
    ["HCR-307", "https://files.harbourcity.example/share/crest"],
    ["HCR-308", `https://files.harbourcity.example/signed/crest.png?${signed}`],
    ["HCR-309", "www.harbourcity.example/art/crest-front.png"],
  ];
  const header = "Order number,Club,Contact,Address,City,Postcode,Delivery,Due date,Print,Fabric,Qty,Artwork link";
  const rows = links.map(
    ([order, link]) =>
      `${order},Harbour City Rugby,Mere Tane,5 Quay Street,Auckland,1010,Courier,${due},` +
      `"DTF 4"" x 4"": Full Colour",Cotton,24,${link}`,
  );
  writeFileSync(join(folder, "artwork-links.csv"), `${[header, ...rows].join("\r\n")}\r\n`);
}

/** Writes every sample into `folder`, its due dates weeks after `today` (YYYY-MM-DD). */
export async function makeSamples(folder: string, today: string): Promise<void> {
  await teamWorkbook(folder, today);
  reorderCsv(folder);
  await stockWorkbook(folder);
  priceCodeCsv(folder, today);
  artworkCsv(folder, today);
  writeFileSync(join(folder, MADE_FOR_FILE), `${today}\n`);
}

/** Whether `folder` lacks a sample, or holds them made for another day than `today`. */
export function samplesAreStale(folder: string, today: string): boolean {
  const madeFor = join(folder, MADE_FOR_FILE);
  return (
    !existsSync(madeFor) ||
    readFileSync(madeFor, "utf8").trim() !== today ||
    SAMPLE_FILES.some((file) => !existsSync(join(folder, file)))
  );
}

/** The simulator clock's today: the day of SIM_NOW when set, else of now (UTC). */
export function simulatorToday(env: Readonly<Record<string, string | undefined>>): string {
  return new Date(simulatorOptionsFromEnv(env).startAt ?? Date.now()).toISOString().slice(0, 10);
}

async function main(args: readonly string[]): Promise<void> {
  const folder = fileURLToPath(new URL(".", import.meta.url));
  const today = simulatorToday(process.env);
  if (args.includes("--if-stale") && !samplesAreStale(folder, today)) return;
  await makeSamples(folder, today);
  // Standard error: a command's own output (`npm run cli -- check --json`) may follow on standard output.
  process.stderr.write(`Samples in samples/ made for ${today}: their due dates are weeks after it.\n`);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(
      `${error instanceof ConfigError ? "Configuration error" : "Could not make the samples"}: ` +
        `${(error as Error).message}\n`,
    );
    process.exit(1);
  });
}
