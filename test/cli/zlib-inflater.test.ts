import { readFile } from "node:fs/promises";
import { deflateRawSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { zlibInflater } from "../../src/cli/zlib-inflater";
import { readXlsx } from "../../src/sheet/read/xlsx/read-xlsx";
import { streamInflater, useRawInflater } from "../../src/sheet/zip/raw-inflater";
import { samplePath } from "../helpers/samples";

async function inflated(packed: Uint8Array): Promise<Buffer> {
  const pieces: Uint8Array[] = [];
  await zlibInflater(packed, (piece) => void pieces.push(Uint8Array.from(piece)));
  return Buffer.concat(pieces);
}

describe("the command line's zlib inflater", () => {
  afterEach(() => useRawInflater(streamInflater));

  it("gives the bytes that were deflated, several megabytes in megabyte pieces", async () => {
    const text = Buffer.from("<row><c><v>1</v></c></row>".repeat(200_000));
    const pieces: number[] = [];
    await zlibInflater(deflateRawSync(text), (piece) => void pieces.push(piece.length));
    expect(pieces.reduce((a, b) => a + b, 0)).toBe(text.length);
    expect(pieces.length).toBe(Math.ceil(text.length / (1 << 20)));
    expect((await inflated(deflateRawSync(text))).equals(text)).toBe(true);
  });

  it("stops when a piece is refused, with the refusal, and rejects data that does not inflate", async () => {
    const refusal = new Error("too much");
    await expect(
      zlibInflater(deflateRawSync(Buffer.alloc(3 << 20)), () => {
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    await expect(zlibInflater(Uint8Array.from([0xff, 0xff, 0xff, 0xff]), () => {})).rejects.not.toBe(refusal);
  });

  it("reads a workbook as the platform's DecompressionStream does", async () => {
    const bytes = new Uint8Array(await readFile(samplePath("team-orders-winter.xlsx")));
    const rowsOf = async () => {
      const read = await readXlsx(bytes, "team-orders-winter.xlsx");
      if (!read.ok) throw new Error(read.message);
      return read.sheets.map((sheet) => sheet.head(500));
    };
    const withStreams = await rowsOf();
    useRawInflater(zlibInflater);
    const withZlib = await rowsOf();
    expect(withZlib).toEqual(withStreams);
    expect(withZlib.flat().length).toBeGreaterThan(4);
  });
});
