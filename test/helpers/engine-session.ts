import { readFile } from "node:fs/promises";
import { createVendorClient, type VendorClient } from "../../src/api";
import { createArtworkCheckClient } from "../../src/api/artwork-check-client";
import { loadCatalogue } from "../../src/catalogue/load-catalogue";
import { catalogueVocabulary, type CatalogueSnapshot } from "../../src/core/catalogue";
import { suggestMapping, type SheetMapping } from "../../src/core/mapping";
import type { SheetRow } from "../../src/core/sheet-model";
import { createImportEngine, type ImportEngine } from "../../src/engine/import-engine";
import { createVendorGateway } from "../../src/engine/vendor-gateway";
import { readServerSettings, startAppServer, type RunningAppServer } from "../../src/server/app-server";
import { createSheetSession } from "../../src/sheet/worker-api";
import { SIM_START } from "./sim-clock";

/**
 * The real proxy and simulator (its clock starting at SIM_START) on loopback, a client through the proxy and the
 * account's catalogue.
 */
export interface ProxiedAccount {
  readonly app: RunningAppServer;
  /** The connection's proxy address, `/api/{connection}`. */
  readonly baseUrl: string;
  readonly client: VendorClient;
  readonly snapshot: CatalogueSnapshot;
  close(): Promise<void>;
}

/** What the page sends with every call to the proxy. */
export const PROXY_HEADERS = { "X-Requested-With": "test" } as const;

export async function startProxiedAccount(connection = "demo"): Promise<ProxiedAccount> {
  const app = await startAppServer({
    settings: readServerSettings({ PORT: "0" }),
    connections: [],
    simulatorOptions: { startAt: SIM_START },
    log: () => {},
  });
  const baseUrl = `${app.url}/api/${connection}`;
  const client = createVendorClient({ baseUrl, headers: PROXY_HEADERS, retryDelayMs: 0 });
  const loaded = await loadCatalogue(client, connection);
  if (!loaded.ok) throw new Error(loaded.message);
  return { app, baseUrl, client, snapshot: loaded.snapshot, close: () => app.close() };
}

export interface CheckedSheet {
  readonly engine: ImportEngine;
  readonly mapping: SheetMapping;
  readonly headers: readonly string[];
  readonly rows: readonly SheetRow[];
}

/** Reads a file as the app does and starts an engine session on it. */
export async function checkFile(
  account: ProxiedAccount,
  path: string | URL,
  mapping?: (headers: readonly string[]) => SheetMapping,
): Promise<CheckedSheet> {
  const vocabulary = catalogueVocabulary(account.snapshot);
  const words = [...vocabulary.attributes, ...vocabulary.sizes];
  const session = createSheetSession();
  const name = String(path).split("/").pop() ?? "sheet";
  const opened = await session.open(new Uint8Array(await readFile(path)), name, undefined, words);
  if (!opened.ok) throw new Error(opened.message);
  const preview = session.preview(opened.summary.defaultSheet, undefined, words);
  if (!preview.ok) throw new Error(preview.message);
  const { headers, sheetName, headerRowNumber, rowCount } = preview.preview;
  const rows = session.rows(sheetName, headerRowNumber, 0, rowCount);
  const chosen = mapping?.(headers) ?? suggestMapping(headers, vocabulary, preview.preview.sampleRows);
  const engine = createImportEngine(createVendorGateway(account.client));
  await engine.start({ headers, rows, mapping: chosen, snapshot: account.snapshot });
  return { engine, mapping: chosen, headers, rows };
}

/** Starts an engine session on rows given as header → cell objects (all cells text, as in a CSV). */
export async function checkRows(
  account: ProxiedAccount,
  records: readonly Record<string, string>[],
  options: { eachRowOwnJob?: boolean; checkArtwork?: boolean } = {},
): Promise<ImportEngine> {
  const headers = [...new Set(records.flatMap((record) => Object.keys(record)))];
  const rows: SheetRow[] = records.map((record, i) => ({
    rowNumber: i + 2,
    cells: headers.map((h) => record[h] ?? ""),
  }));
  // Artwork links are checked through the proxy's artwork route, as the page checks them.
  const artwork = createArtworkCheckClient({ baseUrl: account.baseUrl, headers: PROXY_HEADERS });
  const gateway = createVendorGateway(account.client, options.checkArtwork ? { checkArtwork: artwork.check } : {});
  const engine = createImportEngine(gateway);
  await engine.start({
    headers,
    rows,
    mapping: suggestMapping(headers, catalogueVocabulary(account.snapshot), rows.slice(0, 20)),
    snapshot: account.snapshot,
    options: { eachRowOwnJob: options.eachRowOwnJob ?? false },
  });
  return engine;
}
