/**
 * Our WebAssembly modules (built from `wasm/` by `npm run build:wasm`), each compiled once, with its instances kept
 * between parts: a read inflates one part after another with one instance, and a write working while a read does
 * takes a second.
 */

/** Instances of one module ready for use: `take` one (undefined where WebAssembly cannot run), `give` it back. */
export interface InstancePool<Instance> {
  take(): Promise<Instance | undefined>;
  give(instance: Instance): void;
}

function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** What each of our modules offers first: `init` lays out its memory, answering 0 unless its memory cannot grow. */
export interface ModuleExports {
  init(): number;
}

/**
 * A pool of the module `base64` holds, each instance initialised and then wrapped by `wrap`; one whose `init` fails is
 * not used. Where the platform does not run WebAssembly (a page whose content security policy forbids it), `take`
 * answers undefined, and the caller uses the platform's way instead.
 */
export function instancePool<Exports extends ModuleExports, Instance>(
  base64: string,
  wrap: (exports: Exports) => Instance,
): InstancePool<Instance> {
  const idle: Instance[] = [];
  let compiled: Promise<WebAssembly.Module | undefined> | undefined;
  async function newInstance(): Promise<Instance | undefined> {
    compiled ??= WebAssembly.compile(bytesOf(base64)).catch(() => undefined);
    const module = await compiled;
    if (!module) return undefined;
    const exports = (await WebAssembly.instantiate(module)).exports as unknown as Exports;
    return exports.init() === 0 ? wrap(exports) : undefined;
  }
  return {
    take: async () => idle.pop() ?? (await newInstance().catch(() => undefined)),
    give: (instance) => void idle.push(instance),
  };
}
