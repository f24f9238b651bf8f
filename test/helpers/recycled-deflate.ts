import { collect } from "../../src/sheet/zip/part-text";
import type { ZipCodecs } from "../../src/sheet/zip/zip-codecs";

/** `batches` as a stream, each in a buffer of its own, as the part packer hands them on. */
export function batchStream(batches: readonly Uint8Array[]): ReadableStream<Uint8Array<ArrayBuffer>> {
  let next = 0;
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(controller) {
      const batch = batches[next++];
      // A copy (a Buffer's `slice` would be a view).
      if (batch) controller.enqueue(new Uint8Array(batch));
      else controller.close();
    },
  });
}

/**
 * Deflates `batches` through `codecs`, each in a buffer of its own, and scribbles over every batch the deflater gives
 * back the moment it does, as the part packer fills it again: what was deflated must not change for it.
 */
export async function deflateScribblingOverRecycled(
  codecs: ZipCodecs,
  batches: readonly Uint8Array[],
  expectedBytes = 1 << 20,
): Promise<{ packed: Uint8Array; givenBack: number }> {
  let givenBack = 0;
  const deflater = codecs.deflater(expectedBytes, (chunk) => {
    givenBack++;
    chunk.fill(0x55);
  });
  return { packed: await collect(batchStream(batches).pipeThrough(deflater)), givenBack };
}
