import { indexCatalogue, type CatalogueSnapshot } from "../core/catalogue";
import { dateOrderFor } from "../core/dates";
import type { SheetMapping } from "../core/mapping/sheet-mapping";
import { questionColumn, type ResolveOptions } from "../core/resolve";
import { rowsImportedBefore } from "../core/result-rows";
import { packRows, unpackRows, type PackedRows } from "../core/row-windows";
import type { SheetRow } from "../core/sheet-model";
import { createArtworkChecks, type ArtworkChecks } from "./artwork-checks";
import { createDryRuns, type DryRuns } from "./dry-runs";
import { createEditHistory, type EditHistory } from "./edit-history";
import { createIssueTally, type IssueTally } from "./issue-tally";
import { createLiveFacts, type SessionFacts } from "./live-facts";
import { createOrderIndex, type OrderIndex } from "./order-index";
import { createOrdersAtVendor, type OrdersAtVendor } from "./orders-at-vendor";
import { filterableRow } from "./row-issues";
import { settleSession } from "./settle-orders";
import { createFilterCache, type FilterCache } from "./row-filter";
import { createSessionColumns, type SessionColumns } from "./session-columns";
import { createSessionRows, type SessionRows } from "./session-rows";
import type { VendorGateway } from "./vendor-gateway";

export interface EngineSetup {
  readonly headers: readonly string[];
  readonly rows: readonly SheetRow[];
  readonly mapping: SheetMapping;
  readonly snapshot: CatalogueSnapshot;
  readonly options?: Partial<ResolveOptions>;
  /** Locale for money; the account's country decides day/month order in dates. */
  readonly locale?: string;
}

/** What a session started from, beyond its rows and mapping. */
export interface SessionSettings {
  readonly snapshot: CatalogueSnapshot | undefined;
  readonly locale: string;
  /** Rows of a result sheet imported again that an earlier import created, with their jobs. */
  readonly importedBefore: ReadonlyMap<number, number>;
}

/**
 * The session as views, edit commands and the audit trail read it: every part, narrowed to
 * what reads it without changing it.
 */
export interface SessionState {
  readonly rows: Pick<
    SessionRows,
    | "count"
    | "headers"
    | "skippedCount"
    | "rowNumberAt"
    | "indexOf"
    | "indexFor"
    | "cellAt"
    | "isSkipped"
    | "skippedIndexes"
    | "columnIndex"
  >;
  readonly columns: Pick<SessionColumns, "mapping" | "added" | "columnOf">;
  readonly index: Pick<
    OrderIndex,
    | "context"
    | "line"
    | "lineCount"
    | "job"
    | "jobs"
    | "rowsOf"
    | "orderNumbers"
    | "orderRowAt"
    | "valuesAt"
    | "orderNumberAt"
  >;
  readonly dryRuns: Pick<DryRuns, "issues" | "isValidated" | "isRecheckable">;
  readonly atVendor: Pick<OrdersAtVendor, "existing" | "issue" | "holdsBack" | "allowed" | "isLookedUp">;
  readonly live: Pick<SessionFacts, "unavailable" | "isUnavailable" | "facts">;
  readonly history: Pick<EditHistory, "applied" | "canUndo" | "canRedo">;
  readonly tally: Pick<IssueTally, "snapshot">;
  readonly filters: Pick<FilterCache, "size" | "indexAt" | "positionOf">;
  readonly settings: SessionSettings;
}

/** The import session's parts, wired together; what changes them holds this. */
export interface EngineSession extends SessionState {
  readonly rows: SessionRows;
  readonly columns: SessionColumns;
  readonly index: OrderIndex;
  readonly dryRuns: DryRuns;
  readonly artwork: ArtworkChecks;
  readonly atVendor: OrdersAtVendor;
  readonly live: SessionFacts;
  readonly history: EditHistory;
  readonly tally: IssueTally;
  readonly filters: FilterCache;
  settings: SessionSettings;
}

/**
 * The parts of an import session, each holding its own state: the rows, the columns, the
 * live facts, the order index, the dry runs, the orders found at the vendor, the edit history,
 * the issue tally they all count in, and the cache of filtered rows.
 */
export function createEngineSession(gateway: VendorGateway): EngineSession {
  const rows = createSessionRows();
  const columns = createSessionColumns(rows);
  const tally = createIssueTally();
  const live = createLiveFacts(gateway, (code) => index.processName(code));
  const dryRuns = createDryRuns(gateway, tally);
  const atVendor = createOrdersAtVendor((before, after) => {
    tally.count(before ? [before] : undefined, -1);
    tally.count(after ? [after] : undefined, 1);
  });
  const onJobChanged = (orderNumber: string) => {
    dryRuns.forget(orderNumber);
    atVendor.forget(orderNumber);
  };
  const index = createOrderIndex({ rows, columns, tally, onJobChanged });
  const filters = createFilterCache(
    () => rows.count,
    (i) => filterableRow(session, i),
  );
  const settings: SessionSettings = { snapshot: undefined, locale: "en-NZ", importedBefore: new Map() };
  const session: EngineSession = {
    rows,
    columns,
    index,
    dryRuns,
    artwork: createArtworkChecks(gateway),
    atVendor,
    live,
    history: createEditHistory(),
    tally,
    filters,
    settings,
  };
  return session;
}

/** Starts a session on no rows yet: its rows are added with `addPackedRows`, and `settleSession` finishes it. */
export function beginSession(session: EngineSession, setup: Omit<EngineSetup, "rows">): void {
  const { rows, columns } = session;
  rows.begin(setup.headers);
  columns.load(setup.mapping);
  session.settings = { snapshot: setup.snapshot, locale: setup.locale ?? "en-NZ", importedBefore: new Map() };
  session.index.load({
    catalogue: indexCatalogue(setup.snapshot),
    facts: session.live.facts,
    columnOf: columns.columnOf,
    columnOfQuestion: (definition) => questionColumn(columns.mapping, definition)?.header,
    dateOrder: dateOrderFor(setup.snapshot.account.entityAddress?.countryCode),
    options: { eachRowOwnJob: setup.options?.eachRowOwnJob ?? false, fileNames: setup.options?.fileNames },
  });
  session.dryRuns.clear();
  session.tally.reset();
  session.history.clear();
  session.filters.invalidate();
}

/**
 * Adds a packed window of rows below those the session has and resolves each, so a sheet's rows are resolved as they
 * arrive; a result sheet imported again has the rows created then left out (they can be brought back).
 */
export function addPackedRows(session: EngineSession, added: PackedRows): void {
  const { rows, index } = session;
  const first = rows.count;
  rows.appendPacked(added);
  // Unpacked only when the sheet has the result columns to read.
  const importedBefore = rowsImportedBefore(rows.headers, { [Symbol.iterator]: () => unpackRows(added).values() });
  if (importedBefore.size > 0) {
    const { settings } = session;
    session.settings = { ...settings, importedBefore: new Map([...settings.importedBefore, ...importedBefore]) };
    for (const rowNumber of importedBefore.keys()) rows.setSkipped(rows.indexOf(rowNumber) ?? -1, true);
  }
  for (let i = first; i < rows.count; i++) index.resolveLine(i);
  session.filters.invalidate();
}

/** Starts a session on every row at once: resolves each, groups the jobs, and fetches the live facts they need. */
export async function startSession(session: EngineSession, setup: EngineSetup): Promise<void> {
  beginSession(session, setup);
  addPackedRows(session, packRows(setup.rows));
  await settleSession(session);
}
