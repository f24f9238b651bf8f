import { formatCount, SHEET_LIMITS } from "./limits";
import { failure, SheetReadError } from "./read-failure";
import { checkDeclaredSizes, createRowCounter, inflateEntry, listZipEntries, type ZipEntry } from "./zip-guard";

export interface WorkbookSheetPart {
  readonly name: string;
  /** Path of the worksheet part inside the zip, e.g. `xl/worksheets/sheet1.xml`. */
  readonly part: string;
  readonly hidden: boolean;
}

export interface InspectedWorkbook {
  readonly sheets: readonly WorkbookSheetPart[];
  /** Row elements counted in each worksheet part while it inflated. */
  readonly rowCounts: ReadonlyMap<string, number>;
}

function decodeXmlText(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&amp;/g, "&");
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s(?:[\\w-]+:)?${name}\\s*=\\s*("([^"]*)"|'([^']*)')`).exec(tag);
  return match ? decodeXmlText(match[2] ?? match[3] ?? "") : undefined;
}

/** The sheets a workbook lists, in order, with their parts and whether they are hidden. */
export function workbookSheetParts(workbookXml: string, relationshipsXml: string): WorkbookSheetPart[] {
  const targets = new Map<string, string>();
  for (const [tag] of relationshipsXml.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const id = attribute(tag, "Id");
    const target = attribute(tag, "Target");
    if (id && target) targets.set(id, target.startsWith("/") ? target.slice(1) : `xl/${target}`);
  }
  const sheets: WorkbookSheetPart[] = [];
  for (const [tag] of workbookXml.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
    const name = attribute(tag, "name");
    const id = /\sr:id\s*=\s*"([^"]*)"/.exec(tag)?.[1] ?? attribute(tag, "id");
    const state = attribute(tag, "state");
    if (name === undefined || id === undefined) continue;
    sheets.push({ name, part: targets.get(id) ?? "", hidden: state === "hidden" || state === "veryHidden" });
  }
  return sheets;
}

const FORMAT_HINTS: readonly [test: (names: ReadonlySet<string>) => boolean, message: (file: string) => string][] = [
  [(n) => n.has("xl/workbook.bin"), (f) => `${f} is an Excel binary workbook (.xlsb). Open it in Excel and save it as an Excel Workbook (.xlsx) or as CSV.`],
  [(n) => n.has("content.xml") && n.has("mimetype"), (f) => `${f} is an OpenDocument spreadsheet (.ods). Save it as .xlsx or .csv from your spreadsheet program.`],
  [(n) => n.has("word/document.xml"), (f) => `${f} is a Word document, not a spreadsheet.`],
  [(n) => n.has("ppt/presentation.xml"), (f) => `${f} is a PowerPoint presentation, not a spreadsheet.`],
];

/** The workbook's own description first, so sheet names are known before any sheet inflates. */
function inflationOrder(entry: ZipEntry): number {
  return entry.name === "xl/workbook.xml" || entry.name === "xl/_rels/workbook.xml.rels" ? 0 : 1;
}

/**
 * Refuses what the zip directory already gives away: a zip that is no Excel workbook (with
 * what it is instead, when that can be told), encrypted parts, parts that would inflate far
 * beyond what workbooks do. Nothing is inflated.
 */
export function checkWorkbookEntries(entries: readonly ZipEntry[], fileName: string): void {
  const names = new Set(entries.map((e) => e.name));
  if (!names.has("xl/workbook.xml")) {
    const hint = FORMAT_HINTS.find(([test]) => test(names));
    throw new SheetReadError(
      failure(hint ? "UNSUPPORTED_FORMAT" : "NOT_A_SPREADSHEET", hint ? hint[1](fileName) : `${fileName} is a zip file but not an Excel workbook. Drop an .xlsx or .csv file.`),
    );
  }
  if (entries.some((e) => e.encrypted)) {
    throw new SheetReadError(failure("ENCRYPTED", `${fileName} has encrypted parts. Save it again without a password and drop the new file.`));
  }
  checkDeclaredSizes(entries, fileName);
}

/**
 * Checks a zip before a spreadsheet library touches it (for writing results back): the
 * directory checks above, then, inflating every part with a running byte count, that the
 * whole stays within the limits. Worksheet rows are counted on the way, and reading stops as
 * soon as there are more than `maxRows`.
 */
export async function inspectWorkbookZip(
  bytes: Uint8Array,
  fileName: string,
  maxRows: number,
  onProgress?: (fraction: number) => void,
): Promise<InspectedWorkbook> {
  const entries = listZipEntries(bytes, fileName);
  checkWorkbookEntries(entries, fileName);

  const texts = new Map<string, Uint8Array[]>();
  const rowCounts = new Map<string, number>();
  let totalRows = 0;
  const describe = () => workbookSheetParts(decode(texts.get("xl/workbook.xml")), decode(texts.get("xl/_rels/workbook.xml.rels")));
  const ordered = [...entries].sort((a, b) => inflationOrder(a) - inflationOrder(b));
  const totalPacked = entries.reduce((sum, e) => sum + e.compressedSize, 0) || 1;
  let packedDone = 0;
  let inflated = 0;
  for (const entry of ordered) {
    inflated += await inflateEntry(bytes, entry, fileName, SHEET_LIMITS.zip.maxInflatedBytes - inflated, listenerFor(entry));
    packedDone += entry.compressedSize;
    onProgress?.(packedDone / totalPacked);
  }
  return { sheets: describe(), rowCounts };

  function listenerFor(entry: ZipEntry): ((chunk: Uint8Array) => void) | undefined {
    if (inflationOrder(entry) === 0) {
      const chunks: Uint8Array[] = [];
      texts.set(entry.name, chunks);
      return (chunk) => void chunks.push(chunk.slice());
    }
    if (!/^xl\/worksheets\/[^/]+\.xml$/.test(entry.name)) return undefined;
    const counter = createRowCounter();
    return (chunk) => {
      const before = counter.count;
      counter.push(chunk);
      totalRows += counter.count - before;
      rowCounts.set(entry.name, counter.count);
      if (totalRows > maxRows) {
        const sheet = describe().find((s) => s.part === entry.name)?.name ?? entry.name;
        throw new SheetReadError(
          failure(
            "TOO_MANY_ROWS",
            `${fileName} has more than ${formatCount(maxRows)} rows (sheet "${sheet}" alone has ${formatCount(counter.count)} so far); workbooks up to ${formatCount(SHEET_LIMITS.xlsx.maxRows)} order rows can be read. Split the order sheet into smaller files.`,
          ),
        );
      }
    };
  }
}

function decode(chunks: readonly Uint8Array[] | undefined): string {
  if (!chunks) return "";
  const decoder = new TextDecoder();
  return chunks.map((chunk) => decoder.decode(chunk, { stream: true })).join("") + decoder.decode();
}
