import { failure, SheetReadError } from "./read-failure";
import { checkDeclaredSizes, createRowCounter, inflateEntry, listZipEntries, type ZipEntry } from "./zip-guard";
import { SHEET_LIMITS } from "./limits";

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
  readonly inflatedBytes: number;
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

/**
 * Checks a zip before any spreadsheet library touches it: that it is an Excel workbook,
 * that no part is encrypted or absurdly compressed, and, inflating every part with a running
 * byte count, that the whole stays within the limits. Worksheet rows are counted on the way.
 */
export async function inspectWorkbookZip(
  bytes: Uint8Array,
  fileName: string,
  onProgress?: (fraction: number) => void,
): Promise<InspectedWorkbook> {
  const entries = listZipEntries(bytes, fileName);
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

  const texts = new Map<string, string>();
  const rowCounts = new Map<string, number>();
  const wanted = new Set(["xl/workbook.xml", "xl/_rels/workbook.xml.rels"]);
  const totalPacked = entries.reduce((sum, e) => sum + e.compressedSize, 0) || 1;
  let packedDone = 0;
  let inflated = 0;
  for (const entry of entries as readonly ZipEntry[]) {
    const isSheet = /^xl\/worksheets\/[^/]+\.xml$/.test(entry.name);
    const counter = isSheet ? createRowCounter() : undefined;
    const chunks: Uint8Array[] = [];
    inflated += await inflateEntry(bytes, entry, fileName, SHEET_LIMITS.zip.maxInflatedBytes - inflated, (chunk) => {
      counter?.push(chunk);
      if (wanted.has(entry.name)) chunks.push(chunk.slice());
    });
    if (counter) rowCounts.set(entry.name, counter.count);
    if (wanted.has(entry.name)) texts.set(entry.name, new TextDecoder().decode(concat(chunks)));
    packedDone += entry.compressedSize;
    onProgress?.(packedDone / totalPacked);
  }
  const sheets = workbookSheetParts(texts.get("xl/workbook.xml") ?? "", texts.get("xl/_rels/workbook.xml.rels") ?? "");
  return { sheets, rowCounts, inflatedBytes: inflated };
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
