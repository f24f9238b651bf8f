import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import ExcelJS from "exceljs";

/** The columns of a realistic seasonal order sheet: job fields, a line, sizes. */
export const BENCH_HEADERS = [
  "Order No",
  "Team",
  "Contact",
  "Club",
  "Street",
  "Suburb",
  "City",
  "Postcode",
  "Country",
  "Ship via",
  "Due date",
  "Item type",
  "Code",
  "Colour",
  "Player name",
  "Vinyl colour",
  "Fabric",
  "S",
  "M",
  "L",
  "XL",
  "Qty",
  "Artwork",
];

const CODES = ['DTF 10" x 10": Full Colour', 'HTV Name 2": Single Colour', "SCR A4: 2 Colour", "A1042014", "AS5001"];
const TEAMS = ["Karori Football seniors", "Ponsonby Netball premier", "Otago Rugby colts", "Hutt Valley Cricket"];

/** Row `i` of the benchmark sheet, as typed values (dates as Date, counts as numbers). */
export function benchRow(i: number): (string | number | Date | null)[] {
  const order = `KTP-${String(100000 + Math.floor(i / 6))}`;
  // Many exports repeat the job's fields on every row of the order, as here.
  const first = true;
  const team = TEAMS[i % TEAMS.length] as string;
  return [
    order,
    first ? team : null,
    first ? "Hana Moore" : null,
    first ? `${team} Club` : null,
    first ? `${10 + (i % 90)} Donald Street` : null,
    first ? "Karori" : null,
    first ? "Wellington" : null,
    first ? "6012" : null,
    first ? "NZ" : null,
    first ? "Courier" : null,
    first ? new Date(Date.UTC(2027, 1, 1 + (i % 27))) : null,
    i % 5 === 3 ? "Asset" : i % 5 === 4 ? "Stock" : "PriceCode",
    CODES[i % CODES.length] as string,
    i % 5 === 4 ? "Black" : null,
    i % 5 === 1 ? `PLAYER ${i}` : null,
    i % 5 === 1 ? "White" : null,
    i % 5 === 0 ? "Polyester" : null,
    i % 5 === 4 ? 2 : null,
    i % 5 === 4 ? 4 : null,
    i % 5 === 4 ? 3 : null,
    i % 5 === 4 ? 1 : null,
    i % 5 === 4 ? null : 10 + (i % 40),
    i % 5 === 0 ? `https://files.example/art/${order}.png` : null,
  ];
}

function csvCell(value: string | number | Date | null): string {
  if (value === null) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface BenchFiles {
  readonly csv: string;
  readonly xlsx: string;
}

/** The formats BENCH_KINDS ("csv", "xlsx" or both, comma-separated) narrows a run to: both unless told. */
export const BENCH_KINDS = (process.env["BENCH_KINDS"]?.toLowerCase().split(",") ?? ["csv", "xlsx"]).filter(
  (kind): kind is keyof BenchFiles => kind === "csv" || kind === "xlsx",
);

/** Writes (once per folder) the CSV and XLSX benchmark sheets of `rows` rows. */
export async function benchFiles(folder: string, rows: number): Promise<BenchFiles> {
  await mkdir(folder, { recursive: true });
  const csv = join(folder, `orders-${rows}.csv`);
  const xlsx = join(folder, `orders-${rows}.xlsx`);
  if (!existsSync(csv)) {
    const lines = [BENCH_HEADERS.join(",")];
    for (let i = 0; i < rows; i++) lines.push(benchRow(i).map(csvCell).join(","));
    await writeFile(csv, `${lines.join("\r\n")}\r\n`);
  }
  if (!existsSync(xlsx)) {
    // Shared strings, as Excel itself writes them.
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: xlsx, useSharedStrings: true, useStyles: true });
    const sheet = writer.addWorksheet("Orders");
    sheet.addRow(BENCH_HEADERS).commit();
    for (let i = 0; i < rows; i++) {
      const row = sheet.addRow(benchRow(i));
      row.getCell(11).numFmt = "dd/mm/yyyy";
      row.commit();
    }
    sheet.commit();
    await writer.commit();
  }
  return { csv, xlsx };
}
