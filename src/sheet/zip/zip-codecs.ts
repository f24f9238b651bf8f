import { countingDeflater, type PartCount } from "./counting-deflater";
import { type PieceInflater, wasmInflater } from "./wasm-inflater";

/**
 * Stored (not deflated) data is handed on in pieces of this size, as inflated data would be; packed data is fed in
 * them.
 */
export const STORED_PIECE = 1 << 20;

/**
 * Stored bytes as a stream of views into them, a megabyte at a time, pulled as the inflater needs them (nothing
 * copied).
 */
export function piecesOf(packed: Uint8Array): ReadableStream<Uint8Array<ArrayBuffer>> {
  let at = 0;
  return new ReadableStream<Uint8Array<ArrayBuffer>>(
    {
      pull(controller) {
        if (at >= packed.length) controller.close();
        else controller.enqueue(packed.subarray(at, (at += STORED_PIECE)) as Uint8Array<ArrayBuffer>);
      },
    },
    { highWaterMark: 0 },
  );
}

/** Bytes in, bytes out: what a stream's `pipeThrough` takes. */
export interface ByteTransform {
  readonly writable: WritableStream<Uint8Array<ArrayBuffer>>;
  readonly readable: ReadableStream<Uint8Array<ArrayBuffer>>;
}

/** Where a deflater gives back a chunk written to it, once done with its bytes. */
export type Recycle = (chunk: Uint8Array<ArrayBuffer>) => void;

/** A deflater that counts what it is given: `counted` answers once its output has ended. */
export interface PartDeflater extends ByteTransform {
  counted(): PartCount;
}

/** Streams that inflate and deflate raw deflate data, as zip parts hold it. */
export interface ZipCodecs {
  inflater(): ByteTransform;
  /**
   * An inflater of one part into memory it uses again, where the host has one (undefined, or a promise of undefined,
   * where not): parts read are inflated by it rather than by `inflater`, and parts rewritten too unless
   * `rewritesWithStream`.
   */
  pieceInflater?: () => Promise<PieceInflater | undefined>;
  /** A part rewritten is inflated by `inflater` even where there is a piece inflater. */
  rewritesWithStream?: boolean;
  /**
   * A deflater counting the CRC-32 zip entries carry, for about `expectedBytes` bytes (0 when not known). It may take
   * over the buffer of each chunk written to it (to hand it to another thread): a chunk written must not be used again,
   * unless it comes back through `recycle`, which is given each chunk the deflater is done with (when it can tell), to
   * be filled again instead of a new one made.
   */
  deflater(expectedBytes: number, recycle?: Recycle): PartDeflater;
  /**
   * Readies what deflating a large part takes (where that is slow to start, as a helper thread is), so that a write
   * soon to come does not wait for it: settles once it is ready.
   */
  prepareDeflater?: () => Promise<void>;
}

/** Our own deflater as a stream, counting the CRC-32 and size of what it is given as it takes each chunk. */
function countingDeflaterStream(_expectedBytes: number, recycle?: Recycle): PartDeflater {
  const ready = countingDeflater();
  let count: PartCount = { crc32: 0, size: 0 };
  const stream = new TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>({
    async transform(chunk, controller) {
      const piece = (await ready).push(chunk);
      // The deflater keeps a copy of what it still needs.
      recycle?.(chunk);
      if (piece.length > 0) controller.enqueue(piece);
    },
    async flush(controller) {
      const deflater = await ready;
      controller.enqueue(deflater.finish());
      count = deflater.counted();
    },
  });
  return { writable: stream.writable, readable: stream.readable, counted: () => count };
}

/**
 * The platform's DecompressionStream, and our WebAssembly inflater, deflater and CRC-32: what browsers and workers
 * have. The platform's CompressionStream takes no level, and at the one it uses takes two to three times as
 * long as ours.
 */
export const platformCodecs: ZipCodecs = {
  inflater: () => new DecompressionStream("deflate-raw"),
  pieceInflater: wasmInflater,
  deflater: countingDeflaterStream,
};

let codecs: ZipCodecs = platformCodecs;

/** The streams every zip part is inflated and deflated with. */
export const zipCodecs = (): ZipCodecs => codecs;

/**
 * A host with faster streams than the platform's sets them once at its start: Node's own zlib hands on megabyte
 * pieces where its DecompressionStream and CompressionStream hand on 16 KB ones, each a promise, and counts CRCs
 * natively.
 */
export function useZipCodecs(faster: ZipCodecs): void {
  codecs = faster;
}
