import { catalogueVocabulary } from "../../src/core/catalogue";
import { suggestMapping } from "../../src/core/mapping";
import type { FactRequest } from "../../src/core/resolve";
import type { SheetRow } from "../../src/core/sheet-model";
import { createEngineSession, startSession, type EngineSession } from "../../src/engine/engine-session";
import type { FactAnswer, VendorGateway } from "../../src/engine/vendor-gateway";
import { DTF, SNAPSHOT } from "../core/resolve/resolve-fixtures";

/** The earliest ship date the vendor below gives for every set of processes. */
export const EARLIEST = "2027-02-01";

/** A vendor that gives every ship date at once, knows no price code by name, and accepts every dry run. */
export const readyVendor: VendorGateway = {
  async fetchFacts(requests: readonly FactRequest[]) {
    return requests.map(
      (request): FactAnswer =>
        request.kind === "shipDate" ? { request, value: EARLIEST } : { request, failed: "not in this test" },
    );
  },
  async validateJob() {
    return { ok: true };
  },
};

/** A transfer line of order E-1 that needs nothing fixing, as header → cell; override what a case needs. */
export const line = (overrides: Record<string, string> = {}): Record<string, string> => ({
  "Order No": "E-1",
  Code: DTF,
  Qty: "20",
  Fabric: "Cotton",
  "Due date": "2027-03-01",
  Delivery: "Courier",
  Street: "1 Queen Street",
  City: "Auckland",
  Postcode: "1010",
  ...overrides,
});

/** A session started on these rows (rows 2, 3, …) over the small account of the resolution tests. */
export async function startSmallSession(
  records: readonly Record<string, string>[],
  gateway: VendorGateway = readyVendor,
): Promise<EngineSession> {
  const headers = [...new Set(records.flatMap((record) => Object.keys(record)))];
  const rows: SheetRow[] = records.map((record, i) => ({
    rowNumber: i + 2,
    cells: headers.map((h) => record[h] ?? ""),
  }));
  const session = createEngineSession(gateway);
  const mapping = suggestMapping(headers, catalogueVocabulary(SNAPSHOT), rows);
  await startSession(session, { headers, rows, mapping, snapshot: SNAPSHOT });
  return session;
}
