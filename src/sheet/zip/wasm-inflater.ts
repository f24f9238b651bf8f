import { INFLATER_WASM_BASE64 } from "./wasm-inflater-bytes";
import { instancePool, type ModuleExports } from "./wasm-modules";

/** What the inflater built from `wasm/inflate/inflate.ts` offers (see there). */
interface InflaterExports extends ModuleExports {
  readonly memory: WebAssembly.Memory;
  reset(): void;
  inputAt(): number;
  inputRoom(): number;
  addInput(count: number, isFinal: boolean): void;
  run(): number;
  pieceStart(): number;
  pieceEnd(): number;
}

const PIECE = 1;
const NEEDS_INPUT = 2;
const DONE = 3;
const CUT_SHORT = -2;

/** The packed bytes are not raw deflate data, or end before it does. */
export class InflateError extends Error {}

/**
 * Inflates one part, a piece at a time, into memory it writes the next piece into: what it inflates leaves no garbage
 * behind, where the platform's streams make new memory for every piece.
 */
export interface PieceInflater {
  /**
   * The pieces `packed` inflates to, in order; a piece is only valid until the next is asked for. Throws
   * `InflateError` when the data is bad. The inflater is given back once the pieces end or are no longer asked for.
   */
  pieces(packed: Uint8Array): Generator<Uint8Array, void, undefined>;
  /** Gives the inflater back unused. */
  release(): void;
}

/** One instance of the inflater: inflates one part at a time. */
class WasmInflater {
  constructor(private readonly wasm: InflaterExports) {}

  *pieces(packed: Uint8Array): Generator<Uint8Array, void, undefined> {
    const { wasm } = this;
    wasm.reset();
    let fed = 0;
    for (;;) {
      const status = wasm.run();
      if (status === NEEDS_INPUT) {
        const at = wasm.inputAt();
        const count = Math.min(wasm.inputRoom(), packed.length - fed);
        new Uint8Array(wasm.memory.buffer, at, count).set(packed.subarray(fed, fed + count));
        fed += count;
        wasm.addInput(count, fed === packed.length);
      } else if (status === PIECE || status === DONE) {
        const start = wasm.pieceStart();
        const end = wasm.pieceEnd();
        if (end > start) yield new Uint8Array(wasm.memory.buffer, start, end - start);
        if (status === DONE) return;
      } else throw new InflateError(status === CUT_SHORT ? "the deflate data ends early" : "the deflate data is bad");
    }
  }
}

const pool = instancePool(INFLATER_WASM_BASE64, (wasm: InflaterExports) => new WasmInflater(wasm));

/**
 * An inflater for one part, our WebAssembly one; undefined where the platform does not run WebAssembly (a page whose
 * content security policy forbids it), where the platform's streams do the inflating instead.
 */
export async function wasmInflater(): Promise<PieceInflater | undefined> {
  const instance = await pool.take();
  if (!instance) return undefined;
  let taken = false;
  return {
    *pieces(packed) {
      if (taken) throw new Error("an inflater inflates one part, once");
      taken = true;
      try {
        yield* instance.pieces(packed);
      } finally {
        pool.give(instance);
      }
    },
    release() {
      if (taken) return;
      taken = true;
      pool.give(instance);
    },
  };
}
