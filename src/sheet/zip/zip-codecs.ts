import { crc32 } from "./crc32";

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

/** Streams that inflate and deflate raw deflate data, as zip parts hold it, and the CRC-32 zip entries carry. */
export interface ZipCodecs {
  inflater(): ByteTransform;
  deflater(): ByteTransform;
  /** Carries a CRC-32 over more data: start from 0, and the result is the CRC so far. */
  crc32(crc: number, data: Uint8Array): number;
}

/** The platform's DecompressionStream and CompressionStream, and our own CRC-32: what browsers and workers have. */
export const platformCodecs: ZipCodecs = {
  inflater: () => new DecompressionStream("deflate-raw"),
  deflater: () => new CompressionStream("deflate-raw"),
  crc32,
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
