import { INFLATER_WASM_BASE64 } from "./wasm-inflater-bytes";

/** What the inflater built from `wasm/inflate/inflate.ts` offers (see there). */
interface InflaterExports {
  readonly memory: WebAssembly.Memory;
  init(): number;
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

/** The packed bytes are not raw deflate data, or end before it does. */
export class InflateError extends Error {}

/**
 * Inflates a part whole, handing on each piece in memory it writes the next piece into: what it inflates leaves no
 * garbage behind, where the platform's streams make new memory for every piece.
 */
export interface PieceInflater {
  /** Inflates `packed`; a piece handed to `onPiece` is only valid until it returns. Throws `InflateError`. */
  inflate(packed: Uint8Array, onPiece: (piece: Uint8Array) => void): void;
}

class WasmInflater implements PieceInflater {
  private busy = false;

  constructor(private readonly wasm: InflaterExports) {}

  inflate(packed: Uint8Array, onPiece: (piece: Uint8Array) => void): void {
    if (this.busy) throw new Error("the inflater is already inflating");
    this.busy = true;
    try {
      this.run(packed, onPiece);
    } finally {
      this.busy = false;
    }
  }

  private run(packed: Uint8Array, onPiece: (piece: Uint8Array) => void): void {
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
        if (end > start) onPiece(new Uint8Array(wasm.memory.buffer, start, end - start));
        if (status === DONE) return;
      } else throw new InflateError(status === -2 ? "the deflate data ends early" : "the deflate data is damaged");
    }
  }
}

function wasmBytes(): Uint8Array<ArrayBuffer> {
  const text = atob(INFLATER_WASM_BASE64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

let made: Promise<PieceInflater | undefined> | undefined;

/**
 * The WebAssembly inflater, made once; undefined where the platform does not run WebAssembly (a page whose content
 * security policy forbids it), where the platform's streams do the inflating instead.
 */
export function wasmInflater(): Promise<PieceInflater | undefined> {
  made ??= (async () => {
    try {
      const { instance } = await WebAssembly.instantiate(wasmBytes());
      const wasm = instance.exports as unknown as InflaterExports;
      return wasm.init() === 0 ? new WasmInflater(wasm) : undefined;
    } catch {
      return undefined;
    }
  })();
  return made;
}
