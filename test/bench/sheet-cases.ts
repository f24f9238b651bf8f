import type * as XLSX from "xlsx";
import { listZipEntries, localDataStart, type ZipEntry } from "../../src/sheet/zip/zip-guard";
import type { SheetSession } from "../../src/sheet/worker-api";
import { rowWindows, ROWS_PER_WINDOW } from "../../src/core/row-windows";
import { wasmInflater } from "../../src/sheet/zip/wasm-inflater";

/** What one read of a benchmark file reports. */
export interface CaseResult {
  readonly ms: number;
  readonly rows: number;
}

/** What the app does up to the table: the file opened, and the table below the header it finds. */
async function openTable(bytes: Uint8Array, fileName: string, session: SheetSession) {
  const opened = await session.open(bytes, fileName);
  if (!opened.ok) throw new Error(opened.message);
  const preview = session.preview(opened.summary.defaultSheet);
  if (!preview.ok) throw new Error(preview.message);
  return preview.preview;
}

/** The parts a workbook reader cannot do without inflating: the first worksheet and the shared strings. */
export function partsToInflate(bytes: Uint8Array): { entry: ZipEntry; packed: Uint8Array }[] {
  return listZipEntries(bytes, "bench.xlsx")
    .filter((entry) => /^xl\/(worksheets\/sheet1|sharedStrings)\.xml$/.test(entry.name))
    .map((entry) => {
      const start = localDataStart(bytes, entry) as number;
      return { entry, packed: bytes.subarray(start, start + entry.compressedSize) };
    });
}

/**
 * Each peer's library, loaded once its case is known and before the clock starts (and before memory is counted): a
 * process or worker timing one reader holds only that reader. Had every library been loaded, their start-up would set
 * when the collector runs during whichever read is timed.
 */
const peerLoaders = {
  papaparse: async () => (await import("papaparse")).default,
  udsv: () => import("udsv"),
  exceljs: async () => (await import("exceljs")).default,
  sheetjs: () => import("xlsx"),
  readExcelFile: () => import("read-excel-file/universal"),
};
type Peers = typeof peerLoaders;
const peersLoaded = new Map<keyof Peers, Promise<unknown>>();

/** A peer's library, loaded the first time it is asked for. */
export function peer<K extends keyof Peers>(name: K): ReturnType<Peers[K]> {
  let loading = peersLoaded.get(name);
  if (loading === undefined) peersLoaded.set(name, (loading = peerLoaders[name]()));
  return loading as ReturnType<Peers[K]>;
}

/** The library each peer's case reads with (in Node, exceljs's streaming reader too). */
const PEER_OF_CASE: Readonly<Record<string, keyof Peers>> = {
  papaparseArrays: "papaparse",
  udsvStringArrs: "udsv",
  exceljsLoad: "exceljs",
  exceljsStreaming: "exceljs",
  sheetjs: "sheetjs",
  readExcelFile: "readExcelFile",
};

/** Loads the library case `caseName` reads with, if a peer's. */
export async function loadPeerOf(caseName: string): Promise<void> {
  const name = PEER_OF_CASE[caseName];
  if (name !== undefined) await peer(name);
}

const arrayBufferOf = (bytes: Uint8Array) =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/** Each case reads the same bytes to rows; ours includes everything the app does up to the table. */
export const SHEET_CASES = {
  async papaparseArrays(bytes: Uint8Array): Promise<CaseResult> {
    const Papa = await peer("papaparse");
    const started = performance.now();
    const rows = Papa.parse<string[]>(new TextDecoder().decode(bytes), { skipEmptyLines: true }).data;
    return { ms: performance.now() - started, rows: rows.length - 1 };
  },
  /** uDSV, every row as an array of strings: the fastest CSV parser we know of, decoding included as for papaparse. */
  async udsvStringArrs(bytes: Uint8Array): Promise<CaseResult> {
    const { inferSchema, initParser } = await peer("udsv");
    const started = performance.now();
    const text = new TextDecoder().decode(bytes);
    const rows = initParser(inferSchema(text)).stringArrs(text);
    return { ms: performance.now() - started, rows: rows.length };
  },
  async exceljsLoad(bytes: Uint8Array): Promise<CaseResult> {
    const ExcelJS = await peer("exceljs");
    const started = performance.now();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    return { ms: performance.now() - started, rows: (workbook.worksheets[0]?.actualRowCount ?? 1) - 1 };
  },
  /** SheetJS: the workbook read, then its first sheet as arrays of values. */
  async sheetjs(bytes: Uint8Array): Promise<CaseResult> {
    const XLSX = await peer("sheetjs");
    const started = performance.now();
    const book = XLSX.read(bytes, { type: "array", dense: true });
    const sheet = book.Sheets[book.SheetNames[0] as string] as XLSX.WorkSheet;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    return { ms: performance.now() - started, rows: rows.length - 1 };
  },
  /** read-excel-file: the first sheet as arrays of values. */
  async readExcelFile(bytes: Uint8Array): Promise<CaseResult> {
    const { readSheet } = await peer("readExcelFile");
    const started = performance.now();
    const rows = await readSheet(arrayBufferOf(bytes));
    return { ms: performance.now() - started, rows: rows.length - 1 };
  },
  /**
   * The floor in a browser: the sheet and shared strings inflated through DecompressionStream and dropped, nothing
   * read. (In Node the floor is zlib's `inflateRawSync`: see node-sheet-case.)
   */
  async inflateFloor(bytes: Uint8Array): Promise<CaseResult> {
    const started = performance.now();
    let inflated = 0;
    for (const { packed } of partsToInflate(bytes)) {
      const reader = new Blob([packed as Uint8Array<ArrayBuffer>])
        .stream()
        .pipeThrough(new DecompressionStream("deflate-raw"))
        .getReader();
      for (let piece = await reader.read(); !piece.done; piece = await reader.read()) inflated += piece.value.length;
    }
    return { ms: performance.now() - started, rows: inflated > 0 ? 0 : -1 };
  },
  /** The sheet and shared strings through the inflater ours reads with, our WebAssembly one: each piece dropped. */
  async inflateOurs(bytes: Uint8Array): Promise<CaseResult> {
    const started = performance.now();
    let inflated = 0;
    for (const { packed } of partsToInflate(bytes)) {
      const inflater = await wasmInflater();
      if (!inflater) throw new Error("no WebAssembly inflater here");
      for (const piece of inflater.pieces(packed)) inflated += piece.length;
    }
    return { ms: performance.now() - started, rows: inflated > 0 ? 0 : -1 };
  },
  async ours(bytes: Uint8Array, fileName: string, session: SheetSession): Promise<CaseResult> {
    const started = performance.now();
    const table = await openTable(bytes, fileName, session);
    return { ms: performance.now() - started, rows: table.rowCount };
  },
  /** Ours, then every row of the table as the page takes them: a window at a time, each let go once sent. */
  async oursEveryRow(bytes: Uint8Array, fileName: string, session: SheetSession): Promise<CaseResult> {
    const started = performance.now();
    const { sheetName, headerRowNumber, rowCount } = await openTable(bytes, fileName, session);
    let rows = 0;
    for (const { start, count } of rowWindows(rowCount, ROWS_PER_WINDOW))
      rows += session.rows(sheetName, headerRowNumber, start, count).length;
    return { ms: performance.now() - started, rows };
  },
};
