import { proxy, transfer } from "comlink";
import type { SheetMapping } from "../core/mapping/sheet-mapping";
import type { MappingVocabulary } from "../core/mapping/suggest-mapping";
import type { CampaignSheetData } from "../core/reorder/campaign-sheet-data";
import type { OrderFormData } from "../core/order-form/order-form-data";
import type { ReadProgress } from "../sheet/read/workbook";
import type { CombineResult, FileChoice, OpenResult, PreviewResult, SheetSession } from "../sheet/worker-api";
import type { ResultFile, WriteResultsOptions } from "../sheet/write/write-results";
import { createWorkerBridge } from "./worker-bridge";

/** A sheet worker with no call waiting for this long is stopped, and the file it held with it. */
const IDLE_MS = 10 * 60_000;

const startSheetWorker = () =>
  new Worker(new URL("../../workers/sheet.worker.ts", import.meta.url), { type: "module", name: "sheet" });

/**
 * The page's one sheet worker: it reads the dropped file and writes result, problem and
 * campaign sheets. Started on first use, stopped when idle or on abort (which also drops the
 * open file), and replaced by the same session on the main thread if a worker cannot start.
 * If the worker fails, every call waiting on it is given up with a WorkerStoppedError.
 */
export function createSheetWorkerClient(start: () => Worker = startSheetWorker) {
  const bridge = createWorkerBridge<SheetSession>({
    name: "sheet",
    start,
    fallback: async () => (await import("../sheet/worker-api")).createSheetSession(),
    idleMs: IDLE_MS,
  });
  const { call } = bridge;
  return {
    /** Starts the worker ahead of a file being dropped, so reading it does not wait for the worker to load. */
    warm(): void {
      bridge.get().catch(() => undefined);
    },
    open(
      bytes: Uint8Array,
      fileName: string,
      vocabulary: readonly string[],
      onProgress: (p: ReadProgress) => void,
      signal?: AbortSignal,
    ): Promise<OpenResult> {
      return call((s) => s.open(transfer(bytes, [bytes.buffer]), fileName, proxy(onProgress), vocabulary), signal);
    },
    preview(
      sheetName: string,
      headerRowNumber: number | undefined,
      vocabulary: readonly string[],
      file = 0,
    ): Promise<PreviewResult> {
      return call((s) => s.preview(sheetName, headerRowNumber, vocabulary, file));
    },
    /** Several files' sheets as one, read afterwards as the sheet named COMBINED_SHEET. */
    combine(choices: readonly FileChoice[]): Promise<CombineResult> {
      return call((s) => s.combine(choices));
    },
    /**
     * Sends every row of the table down `port`, `windowSize` at a time, straight to the engine's worker (see
     * row-channel.ts); answers how many rows were sent.
     */
    sendRows(sheetName: string, headerRowNumber: number, port: MessagePort, windowSize: number): Promise<number> {
      return call((s) => s.sendRows(sheetName, headerRowNumber, transfer(port, [port]), windowSize));
    },
    /** Readies the worker to write a large file, while what is to be written is gathered elsewhere. */
    prepareWrite(): void {
      call((s) => s.prepareWrite()).catch(() => undefined);
    },
    /**
     * Writes results into the customer's own file (its bytes are handed to the worker), from the data the submit
     * worker sends down `port`.
     */
    writeResultsFrom(
      port: MessagePort,
      original: Uint8Array,
      fileName: string,
      sheetName: string,
      options: WriteResultsOptions = {},
    ): Promise<ResultFile> {
      return call((s) =>
        s.writeResultsFrom(transfer(port, [port]), transfer(original, [original.buffer]), fileName, sheetName, options),
      );
    },
    suggestMapping(
      sheetName: string,
      headerRowNumber: number,
      vocabulary: MappingVocabulary | undefined,
      file = 0,
    ): Promise<SheetMapping | undefined> {
      return call((s) => s.suggestMapping(sheetName, headerRowNumber, vocabulary, file));
    },
    /** The results alone as CSV, from the rows' results the submit worker sends down `port`. */
    resultsOnlySheetFrom(port: MessagePort): Promise<Uint8Array> {
      return call((s) => s.resultsOnlySheetFrom(transfer(port, [port])));
    },
    /**
     * A reorder campaign workbook, written in the worker (exceljs stays out of the page); the open file is left as it
     * is.
     */
    writeCampaignSheet(data: CampaignSheetData): Promise<Uint8Array> {
      return call((s) => s.writeCampaignSheet(data));
    },
    /** A blank order form workbook, written in the worker; the open file is left as it is. */
    writeOrderForm(data: OrderFormData): Promise<Uint8Array> {
      return call((s) => s.writeOrderForm(data));
    },
    stop: bridge.stop,
  };
}

export type SheetWorkerClient = ReturnType<typeof createSheetWorkerClient>;
