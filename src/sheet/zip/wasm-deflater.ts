import type { CountingDeflater, PartCount } from "./counting-deflater";
import { joinBytes } from "./join-bytes";
import { DEFLATER_WASM_BASE64 } from "./wasm-deflater-bytes";
import { instancePool, type ModuleExports } from "./wasm-modules";

/** What the deflater built from `wasm/deflate/deflate.ts` offers (see there). */
interface DeflaterExports extends ModuleExports {
  readonly memory: WebAssembly.Memory;
  reset(): void;
  sliceBytes(): number;
  inputAt(): number;
  outputAt(): number;
  deflate(count: number): number;
  finish(): number;
  crc32(): number;
}

/** One instance of the deflater: deflates one part at a time. */
class WasmDeflater {
  readonly sliceBytes: number;
  size = 0;

  constructor(private readonly wasm: DeflaterExports) {
    this.sliceBytes = wasm.sliceBytes();
  }

  start(): void {
    this.wasm.reset();
    this.size = 0;
  }

  /** The chunk deflated a slice at a time; each slice's output is copied out before the next overwrites it. */
  push(chunk: Uint8Array): Uint8Array<ArrayBuffer> {
    const { wasm } = this;
    const outputs: Uint8Array<ArrayBuffer>[] = [];
    for (let at = 0; at < chunk.length; at += this.sliceBytes) {
      const slice = chunk.subarray(at, at + this.sliceBytes);
      new Uint8Array(wasm.memory.buffer, wasm.inputAt(), slice.length).set(slice);
      const written = wasm.deflate(slice.length);
      if (written > 0) outputs.push(new Uint8Array(wasm.memory.buffer, wasm.outputAt(), written).slice());
    }
    this.size += chunk.length;
    return outputs.length === 1 ? (outputs[0] as Uint8Array<ArrayBuffer>) : joinBytes(outputs);
  }

  finish(): Uint8Array<ArrayBuffer> {
    const { wasm } = this;
    return new Uint8Array(wasm.memory.buffer, wasm.outputAt(), wasm.finish()).slice();
  }

  crc32(): number {
    return this.wasm.crc32() >>> 0;
  }
}

const pool = instancePool(DEFLATER_WASM_BASE64, (wasm: DeflaterExports) => new WasmDeflater(wasm));

/**
 * A deflater for one part, our WebAssembly one (`fast-deflate.ts` and `crc32.ts` built to WebAssembly: the same
 * bytes in about two thirds of the time); undefined where the platform does not run WebAssembly.
 */
export async function wasmDeflater(): Promise<CountingDeflater | undefined> {
  const instance = await pool.take();
  if (!instance) return undefined;
  instance.start();
  let done = false;
  // Once the instance is given back it may deflate another part: the count is kept apart from it when it finishes.
  let finalCount: PartCount | undefined;
  const counted = () => finalCount ?? { crc32: instance.crc32(), size: instance.size };
  const giveBack = () => {
    if (done) return;
    done = true;
    pool.give(instance);
  };
  const stillOpen = () => {
    if (done) throw new Error("this deflater has finished");
    return instance;
  };
  return {
    push: (chunk) => stillOpen().push(chunk),
    finish: () => {
      const rest = stillOpen().finish();
      finalCount = counted();
      giveBack();
      return rest;
    },
    counted,
    release: giveBack,
  };
}
