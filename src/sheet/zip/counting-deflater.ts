/**
 * A deflater for one part that counts what zip entries carry: our WebAssembly deflater where WebAssembly runs, else
 * the same deflater in JavaScript.
 */
import { crc32 } from "./crc32";
import { FastDeflater } from "./fast-deflate";
import { wasmDeflater } from "./wasm-deflater";

/** What a deflated part is stored with: the CRC-32 and size of its bytes before deflating. */
export interface PartCount {
  readonly crc32: number;
  readonly size: number;
}

/**
 * Raw deflate fed in chunks: `push` answers the deflated bytes ready so far (perhaps none), `finish` the rest. Neither
 * keeps the chunk, and each answer is new memory. `counted` is the CRC-32 and size of what it was given.
 */
export interface CountingDeflater {
  push(chunk: Uint8Array): Uint8Array<ArrayBuffer>;
  finish(): Uint8Array<ArrayBuffer>;
  counted(): PartCount;
  /** Gives it back unfinished, when the part is abandoned. */
  release(): void;
}

function javaScriptDeflater(): CountingDeflater {
  const deflater = new FastDeflater();
  let count: PartCount = { crc32: 0, size: 0 };
  return {
    push(chunk) {
      count = { crc32: crc32(count.crc32, chunk), size: count.size + chunk.length };
      return deflater.push(chunk);
    },
    finish: () => deflater.finish(),
    counted: () => count,
    release: () => undefined,
  };
}

export async function countingDeflater(): Promise<CountingDeflater> {
  return (await wasmDeflater()) ?? javaScriptDeflater();
}
