import { readdir, readFile } from "node:fs/promises";
import { afterEach, describe, expect, it } from "vitest";
import { createSheetSession } from "../../../../src/sheet/worker-api";
import { platformCodecs, useZipCodecs } from "../../../../src/sheet/zip/zip-codecs";

const folder = new URL("../../../fixtures/sheets/", import.meta.url);
const hostile = new URL("hostile/", folder);

/** What the importer makes of a workbook: its first sheet's table, or its failure as the user reads it. */
async function outcome(file: URL) {
  const session = createSheetSession();
  const opened = await session.open(new Uint8Array(await readFile(file)), "orders.xlsx");
  if (!opened.ok) return { failure: opened.code, message: opened.message };
  const preview = session.preview(opened.summary.defaultSheet);
  if (!preview.ok) return { failure: preview.code, message: preview.message };
  const { sheetName, headerRowNumber, rowCount } = preview.preview;
  return { preview: preview.preview, rows: session.rows(sheetName, headerRowNumber, 0, Math.min(rowCount, 2000)) };
}

const workbooks = async () => [
  ...(await readdir(folder)).filter((name) => name.endsWith(".xlsx")).map((name) => new URL(name, folder)),
  ...(await readdir(hostile)).filter((name) => name.endsWith(".xlsx")).map((name) => new URL(name, hostile)),
];

afterEach(() => useZipCodecs(platformCodecs));

describe("where the page runs no WebAssembly, the platform's streams inflate instead", () => {
  it("every workbook fixture, broken and hostile ones too, reads the same either way", async () => {
    const files = await workbooks();
    expect(files.length).toBeGreaterThan(10);
    // The streams each way made, so that each way is seen to be the one taken.
    const streams = { withWasm: 0, withStreams: 0 };
    const counting = (way: keyof typeof streams) => () => {
      streams[way]++;
      return platformCodecs.inflater();
    };
    for (const file of files) {
      useZipCodecs({ ...platformCodecs, inflater: counting("withWasm") });
      const withWasm = await outcome(file);
      useZipCodecs({ ...platformCodecs, inflater: counting("withStreams"), pieceInflater: undefined });
      const withStreams = await outcome(file);
      expect(withStreams, file.pathname).toEqual(withWasm);
    }
    expect(streams.withWasm).toBe(0);
    expect(streams.withStreams).toBeGreaterThan(files.length);
  }, 120_000);
});
