import { constants, createGzip, createInflateRaw, type Gzip } from "node:zlib";
import type { ByteTransform, PartCount, PartDeflater, Recycle, ZipCodecs } from "../sheet/zip/zip-codecs";
import { GzipBody } from "./gzip-body";

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

/**
 * zlib's deflater as a stream that says when it is done with each chunk (zlib reads a chunk on another thread, and
 * calls back once it has read all of it), and counts the CRC-32 on that thread too: it writes gzip, whose trailer
 * carries the CRC-32 a zip entry needs, around the deflated data the entry stores. Counted on this thread, the CRC
 * took a tenth of the time of writing a large sheet's results.
 */
function zlibDeflater(recycle: Recycle | undefined): PartDeflater {
  const gzip: Gzip = createGzip({ chunkSize: PIECE_BYTES, level: 2, strategy: constants.Z_DEFAULT_STRATEGY });
  const body = new GzipBody();
  let size = 0;
  let count: PartCount | undefined;
  const stream = new TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>({
    start(controller) {
      gzip.on("data", (piece: Buffer) => {
        try {
          for (const data of body.take(plainView(piece))) controller.enqueue(data as Uint8Array<ArrayBuffer>);
        } catch (error) {
          // Thrown from an event would end the process: the stream fails instead.
          gzip.destroy(error instanceof Error ? error : new Error(String(error)));
        }
      });
      gzip.on("error", (error) => controller.error(error));
    },
    transform: (chunk) =>
      new Promise<void>((resolve, reject) => {
        size += chunk.length;
        gzip.write(chunk, (error) => {
          if (error) reject(error);
          else {
            recycle?.(chunk);
            resolve();
          }
        });
      }),
    flush: () =>
      new Promise<void>((resolve, reject) => {
        gzip.once("error", reject).once("end", () => {
          try {
            count = { crc32: body.crc32Of(size), size };
            resolve();
          } catch (error) {
            reject(error);
          }
        });
        gzip.end();
      }),
  });
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
 * three times as fast as the usual level 6, for files about a quarter larger.
 */
export const zlibCodecs: ZipCodecs = {
  inflater: zlibInflater,
  deflater: (_expectedBytes, recycle) => zlibDeflater(recycle),
};
