import { proxy, transfer, wrap, type Remote } from "comlink";
import type { SheetMapping } from "../core/mapping/sheet-mapping";
import type { MappingVocabulary } from "../core/mapping/suggest-mapping";
import type { CampaignSheetData } from "../core/reorder/campaign-sheet-data";
import type { ResultSheetData } from "../core/result-sheet-data";
import type { RowResult } from "../core/result-rows";
import type { ResultFile, WriteResultsOptions } from "../sheet/write/write-results";
import type { SheetRow } from "../core/sheet-model";
import type { ReadProgress } from "../sheet/read/workbook";
import type { OpenResult, PreviewResult, SheetSession } from "../sheet/worker-api";

const IDLE_MS = 10 * 60_000;

/**
 * The page's handle on the sheet worker: started on first use, stopped when idle or on
 * abort (which also drops the open file), and replaced by the same session on the main
 * thread if a worker cannot start.
 */
export function createSheetWorkerClient() {
  let worker: Worker | undefined;
  let session: Remote<SheetSession> | SheetSession | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  function stop(): void {
    worker?.terminate();
    worker = undefined;
    session = undefined;
  }

  async function target(): Promise<Remote<SheetSession> | SheetSession> {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(stop, IDLE_MS);
    if (session) return session;
    try {
      worker = new Worker(new URL("../../workers/sheet.worker.ts", import.meta.url), { type: "module", name: "sheet" });
      session = wrap<SheetSession>(worker);
    } catch {
      session = (await import("../sheet/worker-api")).createSheetSession();
    }
    return session;
  }

  /** Runs a call; an abort terminates the worker so the work stops at once. */
  async function run<T>(signal: AbortSignal | undefined, call: (s: Remote<SheetSession> | SheetSession) => Promise<T> | T): Promise<T> {
    const s = await target();
    if (!signal) return call(s);
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        stop();
        reject(new DOMException("Reading was cancelled", "AbortError"));
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      Promise.resolve(call(s))
        .then(resolve, reject)
        .finally(() => signal.removeEventListener("abort", onAbort));
    });
  }

  return {
    open(bytes: Uint8Array, fileName: string, vocabulary: readonly string[], onProgress: (p: ReadProgress) => void, signal?: AbortSignal): Promise<OpenResult> {
      return run(signal, (s) => s.open(transfer(bytes, [bytes.buffer]), fileName, proxy(onProgress), vocabulary));
    },
    preview(sheetName: string, headerRowNumber: number | undefined, vocabulary: readonly string[]): Promise<PreviewResult> {
      return run(undefined, (s) => s.preview(sheetName, headerRowNumber, vocabulary));
    },
    rows(sheetName: string, headerRowNumber: number, start: number, count: number, signal?: AbortSignal): Promise<SheetRow[]> {
      return run(signal, (s) => s.rows(sheetName, headerRowNumber, start, count));
    },
    /** Writes results into the customer's own file (its bytes are handed to the worker). */
    writeResults(original: Uint8Array, fileName: string, sheetName: string, data: ResultSheetData, options: WriteResultsOptions = {}): Promise<ResultFile> {
      return run(undefined, (s) => s.writeResults(transfer(original, [original.buffer]), fileName, sheetName, data, options));
    },
    suggestMapping(sheetName: string, headerRowNumber: number, vocabulary: MappingVocabulary | undefined): Promise<SheetMapping | undefined> {
      return run(undefined, (s) => s.suggestMapping(sheetName, headerRowNumber, vocabulary));
    },
    resultsOnlySheet(results: readonly RowResult[]): Promise<Uint8Array> {
      return run(undefined, (s) => s.resultsOnlySheet(results));
    },
    /** A reorder campaign workbook, written in the worker (exceljs stays out of the page). */
    writeCampaignSheet(data: CampaignSheetData): Promise<Uint8Array> {
      return run(undefined, (s) => s.writeCampaignSheet(data));
    },
    stop,
  };
}

export type SheetWorkerClient = ReturnType<typeof createSheetWorkerClient>;
