import { readFile } from "node:fs/promises";
import { crc32, deflateRawSync, inflateRawSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { zlibCodecs } from "../../src/cli/zlib-codecs";
import { readXlsx } from "../../src/sheet/read/xlsx/read-xlsx";
import { RESULT_COLUMNS } from "../../src/core/result-rows";
import { createSheetSession } from "../../src/sheet/worker-api";
import { writeResults } from "../../src/sheet/write/write-results";
import { collect } from "../../src/sheet/zip/part-text";
import {
  type ByteTransform,
  piecesOf,
  platformCodecs,
  useZipCodecs,
  type ZipCodecs,
} from "../../src/sheet/zip/zip-codecs";
import { samplePath } from "../helpers/samples";
import { deflateScribblingOverRecycled } from "../helpers/recycled-deflate";

const through = async (bytes: Uint8Array, pair: ByteTransform) => {
  const pieces: number[] = [];
  const out = await collect(
    piecesOf(bytes)
      .pipeThrough(pair)
      .pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(piece, controller) {
            pieces.push(piece.length);
            controller.enqueue(piece);
          },
        }),
      ),
  );
  return { out, pieces };
};

describe("the command line's zlib codecs", () => {
  afterEach(() => useZipCodecs(platformCodecs));

  it("inflate what was deflated in megabyte pieces, and deflate what zlib inflates again", async () => {
    const text = Buffer.from("<row><c><v>1</v></c></row>".repeat(200_000));
    const inflated = await through(deflateRawSync(text), zlibCodecs.inflater());
    expect(Buffer.from(inflated.out).equals(text)).toBe(true);
    expect(inflated.pieces.length).toBe(Math.ceil(text.length / (1 << 20)));
    const deflated = await through(text, zlibCodecs.deflater(0));
    expect(inflateRawSync(deflated.out).equals(text)).toBe(true);
  });

  it("count the CRC-32 and size of what they deflate, over pieces, as the platform's deflater does", async () => {
    const data = Buffer.from('<row r="1"><c><v>é</v></c></row>'.repeat(1000));
    const countOf = async (codecs: ZipCodecs) => {
      const cuts = [0, 7, 4096, data.length];
      let next = 1;
      const pieces = new ReadableStream<Uint8Array<ArrayBuffer>>({
        pull(controller) {
          if (next === cuts.length) controller.close();
          else controller.enqueue(data.slice(cuts[next - 1], cuts[next++]));
        },
      });
      const deflater = codecs.deflater(data.length);
      const packed = await collect(pieces.pipeThrough(deflater));
      expect(inflateRawSync(packed).equals(data)).toBe(true);
      return deflater.counted();
    };
    const expected = { crc32: crc32(data), size: data.length };
    expect(await countOf(zlibCodecs)).toEqual(expected);
    expect(await countOf(platformCodecs)).toEqual(expected);
  });

  it("give each batch back once zlib has read it, and what they deflate is not changed by its reuse", async () => {
    const batches = Array.from({ length: 9 }, (_, b) =>
      Buffer.from(Array.from({ length: 40_000 }, (_, i) => `<c r="A${b * 40_000 + i}"><v>${i % 97}</v></c>`).join("")),
    );
    const { packed, givenBack } = await deflateScribblingOverRecycled(zlibCodecs, batches);
    expect(inflateRawSync(packed).equals(Buffer.concat(batches))).toBe(true);
    expect(givenBack).toBe(9);
  });

  it("reject data that does not inflate", async () => {
    await expect(through(Uint8Array.from([0xff, 0xff, 0xff, 0xff]), zlibCodecs.inflater())).rejects.toThrow();
  });

  it("read a workbook as the platform's streams do, and write its results back", async () => {
    const bytes = new Uint8Array(await readFile(samplePath("team-orders-winter.xlsx")));
    const rowsOf = async (file: Uint8Array) => {
      const read = await readXlsx(file, "team-orders-winter.xlsx");
      if (!read.ok) throw new Error(read.message);
      return read.sheets.map((sheet) => sheet.head(500));
    };
    const withStreams = await rowsOf(bytes);
    useZipCodecs(zlibCodecs);
    expect(await rowsOf(bytes)).toEqual(withStreams);
    expect(withStreams.flat().length).toBeGreaterThan(4);

    // The results written back with zlib read as the platform reads them, one result on every order row.
    const session = createSheetSession();
    const opened = await session.open(bytes.slice(), "team-orders-winter.xlsx");
    if (!opened.ok) throw new Error(opened.message);
    const preview = session.preview(opened.summary.defaultSheet);
    if (!preview.ok) throw new Error(preview.message);
    const { sheetName, headerRowNumber, rowCount } = preview.preview;
    const rowNumbers = session.rows(sheetName, headerRowNumber, 0, rowCount).map((row) => row.rowNumber);
    const written = await writeResults(bytes, "team-orders-winter.xlsx", sheetName, {
      headerRowNumber,
      columns: RESULT_COLUMNS,
      rows: new Map(rowNumbers.map((n) => [n, RESULT_COLUMNS.map((_, i) => (i === 0 ? "Created" : null))])),
      jobs: { headers: ["Order number"], rows: [] },
      audit: { headers: ["At"], rows: [] },
    });
    if (!written.ok) throw new Error(written.message);
    useZipCodecs(platformCodecs);
    const again = createSheetSession();
    const reopened = await again.open(written.bytes, "results.xlsx");
    if (!reopened.ok) throw new Error(reopened.message);
    const results = again.preview(sheetName, headerRowNumber);
    if (!results.ok) throw new Error(results.message);
    const rows = again.rows(sheetName, headerRowNumber, 0, rowCount);
    expect(rows.length).toBe(rowNumbers.length);
    expect(rows.every((row) => row.cells.includes("Created"))).toBe(true);
  });
});
