import { constants, createGzip, createInflateRaw } from "node:zlib";
import type { PartCount } from "../sheet/zip/counting-deflater";
import type { ByteTransform, PartDeflater, Recycle, ZipCodecs } from "../sheet/zip/zip-codecs";
import { crc32Combine } from "../sheet/zip/crc32";
import { wasmInflater } from "../sheet/zip/wasm-inflater";

/** Pieces of a megabyte: a few dozen for a large sheet where 16 KB pieces make thousands. */
const PIECE_BYTES = 1 << 20;

/** Inflated pieces waiting to be read, at most, before the inflater waits: it runs ahead of the reader by this much. */
const PIECES_AHEAD = 3;

/**
 * A Buffer's bytes as a plain Uint8Array, not copied: a Buffer's own `subarray`, which the readers call for every row
 * and value, makes a Buffer, at several times the cost.
 */
const plainView = (piece: Buffer) =>
  new Uint8Array(piece.buffer, piece.byteOffset, piece.byteLength) as Uint8Array<ArrayBuffer>;

/**
 * zlib's raw inflater as a stream that inflates ahead of its reader, on zlib's thread, while the reader reads what came
 * before; its pieces are handed on as zlib makes them, not copied (Node's own adapter copies each, and inflates only as
 * it is read, so a reader waited for every piece).
 */
function zlibInflater(): ByteTransform {
  const inflate = createInflateRaw({ chunkSize: PIECE_BYTES });
  let output: ReadableStreamDefaultController<Uint8Array<ArrayBuffer>> | undefined;
  let wake: (() => void) | undefined;
  const readable = new ReadableStream<Uint8Array<ArrayBuffer>>(
    {
      start: (controller) => void (output = controller),
      pull() {
        const resume = wake;
        wake = undefined;
        resume?.();
      },
      // A writer waiting for room is woken by the error.
      cancel: () => void inflate.destroy(new Error("the inflated bytes are no longer read")),
    },
    { highWaterMark: PIECES_AHEAD },
  );
  inflate.on("data", (piece: Buffer) => output?.enqueue(plainView(piece)));
  inflate.once("end", () => output?.close());
  const failed = new Promise<never>((_, reject) =>
    inflate.once("error", (error) => {
      output?.error(error);
      reject(error);
    }),
  );
  // Known to the writer through the writes that wait on it.
  failed.catch(() => {});
  const inflated = (input: Uint8Array) =>
    Promise.race([failed, new Promise<void>((resolve) => inflate.write(input, () => resolve()))]);
  const writable = new WritableStream<Uint8Array<ArrayBuffer>>({
    // A chunk is inflated whole: the readers read fewer, larger pieces faster than more, smaller ones.
    async write(chunk) {
      while ((output?.desiredSize ?? 1) <= 0)
        await Promise.race([failed, new Promise<void>((resume) => (wake = resume))]);
      await inflated(chunk);
    },
    close: () => void inflate.end(),
    abort: () => void inflate.destroy(new Error("the packed bytes stopped coming")),
  });
  return { writable, readable };
}

/** Segments being deflated at once, each on a thread of zlib's pool: as many as this machine's two cores. */
const SEGMENTS_AT_ONCE = 2;

/**
 * zlib's output buffer for a segment: about what a megabyte of worksheet XML deflates to. Each segment's stream makes
 * its own; with a megabyte each, a write's peak memory was half as large again.
 */
const SEGMENT_OUTPUT_BYTES = 128 << 10;

/** What zlib writes around its deflate data: a gzip header without optional fields, and its trailer. */
const GZIP_HEADER_BYTES = 10;
const GZIP_TRAILER_BYTES = 8;
/** The empty final block zlib ends with after a sync flush, and a deflate stream can end with after one. */
const EMPTY_FINAL_BLOCK = Uint8Array.of(0x03, 0x00);
/** A sync flush's end (an empty stored block), then that final block. */
const SYNC_FLUSH_THEN_FINAL = Uint8Array.of(0x00, 0x00, 0xff, 0xff, ...EMPTY_FINAL_BLOCK);

/** A batch deflated on its own: deflate data ending byte-aligned and not final, and the batch's CRC-32 and size. */
interface DeflatedSegment {
  readonly data: Uint8Array<ArrayBuffer>;
  readonly crc32: number;
  readonly size: number;
}

/**
 * Deflates one batch apart from any other, on a thread of zlib's pool: gzip (whose trailer carries the CRC-32 zlib
 * counted on that thread) ending the data with a sync flush, so that segments one after another are one deflate
 * stream, as pigz makes them. The empty final block zlib writes after the flush is left off: the part's last segment
 * is followed by one.
 */
function deflateSegment(batch: Uint8Array): Promise<DeflatedSegment> {
  return new Promise((resolve, reject) => {
    const gzip = createGzip({ level: 2, flush: constants.Z_SYNC_FLUSH, chunkSize: SEGMENT_OUTPUT_BYTES });
    const pieces: Buffer[] = [];
    gzip.on("data", (piece: Buffer) => pieces.push(piece));
    gzip.once("error", reject);
    gzip.once("end", () => {
      const out = pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces);
      const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
      const trailerAt = out.length - GZIP_TRAILER_BYTES;
      const tail = out.subarray(trailerAt - SYNC_FLUSH_THEN_FINAL.length, trailerAt);
      if (
        out.length < GZIP_HEADER_BYTES + SYNC_FLUSH_THEN_FINAL.length + GZIP_TRAILER_BYTES ||
        out[0] !== 0x1f ||
        out[1] !== 0x8b ||
        out[3] !== 0 ||
        !tail.equals(SYNC_FLUSH_THEN_FINAL) ||
        view.getUint32(trailerAt + 4, true) !== batch.length % 2 ** 32
      ) {
        reject(
          new Error("zlib ended a deflated segment otherwise than with a sync flush, an empty block and a trailer"),
        );
        return;
      }
      const data = plainView(out).subarray(GZIP_HEADER_BYTES, trailerAt - EMPTY_FINAL_BLOCK.length);
      resolve({ data, crc32: view.getUint32(trailerAt, true), size: batch.length });
    });
    // Ended only once the batch is in: a batch written with the end would be deflated as the final one.
    gzip.write(batch, () => gzip.end());
  });
}

/**
 * zlib's deflater as a stream that says when it is done with each chunk, deflating `SEGMENTS_AT_ONCE` chunks at a
 * time on zlib's threads, each apart (see `deflateSegment`): one stream on one thread waited on this thread between
 * chunks, and left the write's pace to it. Each segment starts without the 32 KB of data before it to refer back to,
 * which costs a megabyte chunk a few hundred bytes. The CRC-32 of the whole is made from the segments' own.
 */
function zlibDeflater(recycle: Recycle | undefined): PartDeflater {
  let crc = 0;
  let size = 0;
  let count: PartCount | undefined;
  const deflated = async (chunk: Uint8Array<ArrayBuffer>) => {
    const segment = await deflateSegment(chunk);
    recycle?.(chunk);
    return segment;
  };
  const inOrder: Promise<DeflatedSegment>[] = [];
  const stream = new TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>({
    async transform(chunk, controller) {
      if (chunk.length === 0) return;
      const segment = deflated(chunk);
      // A failure is met where the segment is awaited, in turn: until then it is not one left unhandled.
      segment.catch(() => {});
      inOrder.push(segment);
      while (inOrder.length >= SEGMENTS_AT_ONCE)
        handOn(controller, await (inOrder.shift() as Promise<DeflatedSegment>));
    },
    async flush(controller) {
      for (const next of inOrder.splice(0)) handOn(controller, await next);
      controller.enqueue(EMPTY_FINAL_BLOCK.slice());
      count = { crc32: crc, size };
    },
  });
  const handOn = (controller: TransformStreamDefaultController<Uint8Array<ArrayBuffer>>, segment: DeflatedSegment) => {
    crc = crc32Combine(crc, segment.crc32, segment.size);
    size += segment.size;
    controller.enqueue(segment.data);
  };
  return {
    writable: stream.writable,
    readable: stream.readable,
    counted: () => {
      if (!count) throw new Error("the deflation has not ended");
      return count;
    },
  };
}

/**
 * Node's zlib as the sheet reader's and writer's streams (see `useZipCodecs`). Result sheets are deflated at level 2:
 * three times as fast as the usual level 6, for files about a quarter larger. A part read is inflated by our
 * WebAssembly inflater, as in the browser: into the same memory each time, where zlib's stream makes a new megabyte for
 * every piece, which waits for the collector (a 100k-row read peaked at 43 MB above its start, now 25). A part
 * rewritten is inflated by zlib's stream, on a thread of its own beside the rewriting: a write takes 0.95x the time it
 * takes with the WebAssembly inflater on this thread (ten pairs of fresh processes).
 */
export const zlibCodecs: ZipCodecs = {
  inflater: zlibInflater,
  pieceInflater: wasmInflater,
  rewritesWithStream: true,
  deflater: (_expectedBytes, recycle) => zlibDeflater(recycle),
};
