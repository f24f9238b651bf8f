import { byteScannedPartReader } from "../../src/sheet/read/xlsx/byte-scanned-part";
import { type RowPlaces, RowPlacesRecorder } from "../../src/sheet/read/xlsx/row-places";
import { SheetDataScanner } from "../../src/sheet/read/xlsx/sheet-data-scanner";
import { createWorksheetReader } from "../../src/sheet/read/xlsx/worksheet-part";
import { SheetReadError } from "../../src/sheet/read-failure";
import type { ZipEntry } from "../../src/sheet/zip/zip-guard";
import { SharedTexts } from "../../src/sheet/read/xlsx/shared-texts";

/** The part the places of `rowPlacesOf` say they were read in. */
export const PLACED_PART = { name: "xl/worksheets/sheet1.xml", crc32: 1, compressedSize: 2, uncompressedSize: 3 };

/**
 * Where the workbook reader places the rows of a worksheet's XML, read as it reads a sheet (in one piece); undefined
 * when it places none or refuses the sheet.
 */
export function rowPlacesOf(xml: string): RowPlaces | undefined {
  const texts = ["text"];
  const context = {
    fileName: "orders.xlsx",
    strings: SharedTexts.of(texts),
    dateStyles: new Uint8Array(0),
    is1904: false,
    cells: 0,
    orderRows: 0,
  };
  const sheet = createWorksheetReader(context, "Orders", new Map());
  const places = new RowPlacesRecorder();
  const read = byteScannedPartReader(
    sheet.handler,
    new SheetDataScanner(sheet.sink, places),
    { name: "sheetData", depth: 2 },
    "orders.xlsx",
    "its sheet",
  );
  try {
    read.push(new TextEncoder().encode(xml));
    read.end();
    sheet.finish();
  } catch (error) {
    if (error instanceof SheetReadError) return undefined;
    throw error;
  }
  return places.placesIn(PLACED_PART as ZipEntry);
}
