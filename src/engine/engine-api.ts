import { createVendorClient } from "../api/client";
import type { ExistingOrder } from "../core/batch-plan";
import type { IssueCode } from "../core/issues";
import type { CellValue, SheetRow } from "../core/sheet-model";
import type { FieldId } from "../core/fields";
import { createImportEngine, type CellEdit, type EngineSetup, type ImportEngine, type RowFilter, type SessionEdits } from "./import-engine";
import { createVendorGateway } from "./vendor-gateway";

/**
 * The engine worker's surface: rows arrive in windows (never the whole sheet in one
 * message), then the session starts; the page asks for summaries and windows of rows and
 * sends edits. Plain functions over plain data, so they run the same in a worker and in Node.
 */
export function createEngineApi() {
  let engine: ImportEngine | undefined;
  let incoming: SheetRow[] = [];
  const use = (): ImportEngine => {
    if (!engine) throw new Error("The engine is not connected");
    return engine;
  };
  return {
    /** Points the engine at the vendor: the proxy's `/api/{connection}` from a browser. */
    connect(baseUrl: string, headers: Readonly<Record<string, string>>): void {
      engine = createImportEngine(createVendorGateway(createVendorClient({ baseUrl, headers })));
    },
    appendRows(rows: readonly SheetRow[]): number {
      for (const row of rows) incoming.push(row);
      return incoming.length;
    },
    start(setup: Omit<EngineSetup, "rows">) {
      const rows = incoming;
      incoming = [];
      return use().start({ ...setup, rows });
    },
    summary: () => use().summary(),
    jobs: () => use().jobs(),
    rows: (start: number, count: number) => use().rows(start, count),
    rowsByNumber: (numbers: readonly number[]) => use().rowsByNumber(numbers),
    view: (filter: RowFilter, start: number, count: number) => use().view(filter, start, count),
    positionOf: (filter: RowFilter, rowNumber: number) => use().positionOf(filter, rowNumber),
    keeps: (filter: RowFilter, rowNumber: number) => use().keeps(filter, rowNumber),
    nextProblem: (rowNumber: number | undefined, direction?: 1 | -1, severity?: "error" | "warning") => use().nextProblem(rowNumber, direction, severity),
    order: (orderNumber: string) => use().order(orderNumber),
    columns: () => use().columns(),
    issues: (severity?: "error" | "warning" | "info") => use().issues(severity),
    payloads: () => use().payloads(),
    submissionPlan: () => use().submissionPlan(),
    setCell: (rowNumber: number, column: number | string, value: CellValue) => use().setCell(rowNumber, column, value),
    setCells: (cells: readonly CellEdit[]) => use().setCells(cells),
    countInColumn: (column: number | string, find: string, matchCase?: boolean) => use().countInColumn(column, find, matchCase),
    skipRows: (rowNumbers: readonly number[], skip?: boolean) => use().skipRows(rowNumbers, skip),
    skipOrder: (orderNumber: string, skip?: boolean) => use().skipOrder(orderNumber, skip),
    includeImportedBefore: () => use().includeImportedBefore(),
    setJobValue: (orderNumber: string, field: FieldId, value: string) => use().setJobValue(orderNumber, field, value),
    answerAttribute: (attribute: string, value: string, scope: { readonly rowNumber: number } | { readonly code: string }) => use().answerAttribute(attribute, value, scope),
    sessionEdits: () => use().sessionEdits(),
    restoreEdits: (saved: SessionEdits) => use().restoreEdits(saved),
    fillColumn: (column: number | string, value: CellValue, rows?: readonly number[]) => use().fillColumn(column, value, rows),
    replaceInColumn: (column: number | string, find: string, replacement: string, matchCase?: boolean) => use().replaceInColumn(column, find, replacement, matchCase),
    applySuggestion: (rowNumber: number, code: IssueCode, column?: string) => use().applySuggestion(rowNumber, code, column),
    applySuggestionToAll: (rowNumber: number, code: IssueCode, column?: string) => use().applySuggestionToAll(rowNumber, code, column),
    skipRow: (rowNumber: number, skip?: boolean) => use().skipRow(rowNumber, skip),
    undo: () => use().undo(),
    redo: () => use().redo(),
    validate: (onProgress?: (done: number, total: number) => void) => use().validate(onProgress),
    stopValidation: () => use().stopValidation(),
    ordersToLookUp: (all?: boolean) => use().ordersToLookUp(all),
    recordOrdersAtVendor: (lookedUp: readonly string[], found: ReadonlyMap<string, ExistingOrder>) => use().recordOrdersAtVendor(lookedUp, found),
    sendAnyway: (orderNumber: string, yes: boolean) => use().sendAnyway(orderNumber, yes),
    retryFacts: () => use().retryFacts(),
  };
}

export type EngineApi = ReturnType<typeof createEngineApi>;
