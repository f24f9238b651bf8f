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

/**
 * Inflates raw deflate data, handing on each piece as it comes. `onPiece` may stop it by throwing: the promise then
 * rejects with what it threw. Data that does not inflate rejects with any other error.
 */
export type RawInflater = (packed: Uint8Array, onPiece: (piece: Uint8Array) => void) => Promise<void>;

/** The platform's DecompressionStream: what browsers and workers have. */
export const streamInflater: RawInflater = async (packed, onPiece) => {
  const reader = piecesOf(packed).pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    try {
      onPiece(value);
    } catch (error) {
      await reader.cancel().catch(() => undefined);
      throw error;
    }
  }
};

let inflater: RawInflater = streamInflater;

/** The inflater every zip part is read with. */
export const rawInflater = (): RawInflater => inflater;

/**
 * A host with a faster inflater than DecompressionStream sets it once at its start: Node's own zlib hands on
 * megabyte pieces where its DecompressionStream hands on 16 KB ones, each a promise.
 */
export function useRawInflater(faster: RawInflater): void {
  inflater = faster;
}
