import { formatCount } from "../../../core/plural";
import { formatBytes, SHEET_LIMITS } from "../../limits";
import { failure, SheetReadError, type SheetReadFailure } from "../../read-failure";
import type { RawRows, RawSheet, ReadProgress } from "../workbook";
import { checkWorkbookEntries } from "../../zip/workbook-zip-checks";
import { relationshipsPathOf } from "../../formats/part-paths";
import { relationshipsHandler, workbookHandler, type Relationship, type WorkbookListing } from "./package-parts";
import { partReader, type PartReader } from "./part-reader";
import { createSharedStringsReader } from "./shared-strings-part";
import type { SheetStore } from "./sheet-store";
import { createStylesReader } from "./styles-part";
import { createWorksheetReader, type WorkbookContext } from "./worksheet-part";
import { byteScannedPartReader } from "./byte-scanned-part";
import { SheetDataScanner } from "./sheet-data-scanner";
import { type RowPlaces, RowPlacesRecorder } from "./row-places";
import { SharedStringsScanner } from "./shared-strings-scanner";
import { inflateEntry, listZipEntries, type ZipEntry } from "../../zip/zip-guard";

const WORKBOOK_PART = "xl/workbook.xml";
/** A worksheet's rows, in `<worksheet><sheetData>`, are read by the byte scanner. */
const SHEET_DATA = { name: "sheetData", depth: 2 };
/** The shared strings, in `<sst>`, too. */
const SHARED_STRINGS = { name: "sst", depth: 1 };
/** Progress is reported when it has moved by at least this much (or has reached the end). */
const PROGRESS_STEP = 0.01;

function storedSheet(name: string, hidden: boolean, store: SheetStore, rowPlaces: RowPlaces | undefined): RawSheet {
  return {
    name,
    hidden,
    rowCount: store.valueRowCount,
    lastColumn: store.lastColumn,
    rowPlaces,
    head(count: number): RawRows {
      return Array.from({ length: Math.min(count, store.length) }, (_, i) => store.at(i));
    },
    rows: () => store,
    hiddenRows: () => store.hiddenRows(),
  };
}

interface SheetToRead {
  readonly name: string;
  readonly hidden: boolean;
  readonly entry: ZipEntry;
}

/**
 * Inflates the zip's parts one at a time under one running byte budget, each handed as it
 * inflates to the reader of what it is; parts nothing reads are inflated only to be counted.
 */
function createPartInflater(bytes: Uint8Array, entries: readonly ZipEntry[], fileName: string) {
  const byName = new Map(entries.map((entry) => [entry.name.toLowerCase(), entry]));
  const done = new Set<ZipEntry>();
  let budget = SHEET_LIMITS.zip.maxInflatedBytes;
  return {
    find: (path: string) => byName.get(path.toLowerCase()),
    isDone: (entry: ZipEntry) => done.has(entry),
    async inflate(entry: ZipEntry, reader?: PartReader, onChunk?: (producedBytes: number) => void): Promise<void> {
      let produced = 0;
      budget -= await inflateEntry(bytes, entry, fileName, budget, (chunk) => {
        reader?.push(chunk);
        produced += chunk.length;
        onChunk?.(produced);
      });
      reader?.end();
      done.add(entry);
    },
  };
}

/**
 * Reads an XLSX workbook as its zip inflates, without a spreadsheet library: the workbook's
 * list of sheets, its styles (which cells are dates) and shared strings first, then each
 * worksheet scanned as it inflates, its cells kept compactly (see `SheetStore`) and converted
 * only when read. Every part is inflated under the zip guard's running byte count, every
 * limit is checked as the reading goes, and a refusal stops it at once.
 *
 * Progress: "checking" while the zip and the parts around the sheets are read, then
 * "parsing" as the sheets themselves inflate.
 */
export async function readXlsx(
  bytes: Uint8Array,
  fileName: string,
  onProgress?: (progress: ReadProgress) => void,
): Promise<{ ok: true; sheets: RawSheet[] } | SheetReadFailure> {
  const { maxBytes, maxRows } = SHEET_LIMITS.xlsx;
  try {
    if (bytes.length > maxBytes) {
      return failure(
        "TOO_LARGE",
        `${fileName} is ${formatBytes(bytes.length)}; workbooks up to ${formatBytes(maxBytes)} ` +
          `(and ${formatCount(maxRows)} order rows) can be read. ` +
          "Save the order sheet alone in a workbook of its own, or split it.",
      );
    }
    const entries = listZipEntries(bytes, fileName);
    checkWorkbookEntries(entries, fileName);
    const sheets = await readParts(bytes, entries, fileName, onProgress);
    if (sheets.length === 0) return failure("NO_TABLE", `${fileName} has no worksheets.`);
    return { ok: true, sheets };
  } catch (error) {
    if (error instanceof SheetReadError) return error.failure;
    throw error;
  }
}

async function readParts(
  bytes: Uint8Array,
  entries: readonly ZipEntry[],
  fileName: string,
  onProgress?: (progress: ReadProgress) => void,
): Promise<RawSheet[]> {
  const parts = createPartInflater(bytes, entries, fileName);
  const readRelationships = async (sourcePart: string): Promise<Map<string, Relationship>> => {
    const relationships = new Map<string, Relationship>();
    const entry = parts.find(relationshipsPathOf(sourcePart));
    if (entry)
      await parts.inflate(
        entry,
        partReader(relationshipsHandler(sourcePart, relationships), fileName, "its table of parts"),
      );
    return relationships;
  };

  // The list of sheets, their parts, styles and shared strings, before any sheet.
  const listing: WorkbookListing = { sheets: [], is1904: false };
  await parts.inflate(
    parts.find(WORKBOOK_PART) as ZipEntry,
    partReader(workbookHandler(listing), fileName, "its list of sheets"),
  );
  const workbookRelationships = await readRelationships(WORKBOOK_PART);
  const partOfType = (type: string, fallback: string) =>
    parts.find([...workbookRelationships.values()].find((r) => r.type === type && !r.isExternal)?.target ?? fallback);

  const styles = createStylesReader();
  const stylesEntry = partOfType("styles", "xl/styles.xml");
  if (stylesEntry) await parts.inflate(stylesEntry, partReader(styles.handler, fileName, "its table of cell styles"));
  const sharedStrings = createSharedStringsReader(fileName);
  const stringsEntry = partOfType("sharedStrings", "xl/sharedStrings.xml");
  if (stringsEntry)
    await parts.inflate(
      stringsEntry,
      byteScannedPartReader(
        sharedStrings.handler,
        new SharedStringsScanner(sharedStrings.addBytes),
        SHARED_STRINGS,
        fileName,
        "its table of shared texts",
      ),
    );

  const toRead: SheetToRead[] = [];
  listing.sheets.forEach((listed, index) => {
    const relationship = workbookRelationships.get(listed.relationshipId);
    // Without relationships a sheet is found where Excel puts it; chart and dialog sheets have no cells.
    const entry = relationship
      ? relationship.type === "worksheet"
        ? parts.find(relationship.target)
        : undefined
      : parts.find(`xl/worksheets/sheet${index + 1}.xml`);
    if (entry && !toRead.some((sheet) => sheet.entry === entry))
      toRead.push({ name: listed.name, hidden: listed.isHidden, entry });
  });
  const sheetRelationships = new Map<ZipEntry, Map<string, Relationship>>();
  for (const sheet of toRead) sheetRelationships.set(sheet.entry, await readRelationships(sheet.entry.name));

  // Every other part is inflated too, only to be counted against the zip guard's budget.
  const isSheet = new Set(toRead.map((sheet) => sheet.entry));
  const checkedPacked =
    entries.filter((entry) => !isSheet.has(entry)).reduce((sum, entry) => sum + entry.compressedSize, 0) || 1;
  let checked = entries.filter((entry) => parts.isDone(entry)).reduce((sum, entry) => sum + entry.compressedSize, 0);
  onProgress?.({ phase: "checking", fraction: Math.min(1, checked / checkedPacked) });
  for (const entry of entries) {
    if (parts.isDone(entry) || isSheet.has(entry)) continue;
    await parts.inflate(entry);
    checked += entry.compressedSize;
    onProgress?.({ phase: "checking", fraction: Math.min(1, checked / checkedPacked) });
  }

  const context: WorkbookContext = {
    fileName,
    strings: sharedStrings.strings(),
    dateStyles: styles.dateStyles(),
    is1904: listing.is1904,
    cells: 0,
    orderRows: 0,
  };
  const sheetsPacked = toRead.reduce((sum, sheet) => sum + sheet.entry.compressedSize, 0) || 1;
  let sheetsDone = 0;
  let reported = 0;
  const sheets: RawSheet[] = [];
  for (const sheet of toRead) {
    const worksheet = createWorksheetReader(context, sheet.name, sheetRelationships.get(sheet.entry) ?? new Map());
    const { compressedSize, uncompressedSize } = sheet.entry;
    const rowPlaces = new RowPlacesRecorder();
    await parts.inflate(
      sheet.entry,
      byteScannedPartReader(
        worksheet.handler,
        new SheetDataScanner(worksheet.sink, rowPlaces),
        SHEET_DATA,
        fileName,
        `its sheet "${sheet.name}"`,
      ),
      (produced) => {
        const fraction = Math.min(
          1,
          (sheetsDone + compressedSize * Math.min(1, produced / Math.max(1, uncompressedSize))) / sheetsPacked,
        );
        if (fraction - reported >= PROGRESS_STEP || (fraction === 1 && reported < 1)) {
          reported = fraction;
          onProgress?.({ phase: "parsing", fraction });
        }
      },
    );
    sheetsDone += compressedSize;
    sheets.push(storedSheet(sheet.name, sheet.hidden, worksheet.finish(), rowPlaces.placesIn(sheet.entry)));
  }
  return sheets;
}
