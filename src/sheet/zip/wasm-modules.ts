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

/**
 * A pool of the module `base64` holds, each instance made ready by `ready` (undefined when it cannot be, such as when
 * its memory cannot grow). Where the platform does not run WebAssembly (a page whose content security policy forbids
 * it), `take` answers undefined, and the caller uses the platform's way instead.
 */
export function instancePool<Instance>(
  base64: string,
  ready: (exports: WebAssembly.Instance["exports"]) => Instance | undefined,
): InstancePool<Instance> {
  const idle: Instance[] = [];
  let compiled: Promise<WebAssembly.Module | undefined> | undefined;
  async function newInstance(): Promise<Instance | undefined> {
    compiled ??= WebAssembly.compile(bytesOf(base64)).catch(() => undefined);
    const module = await compiled;
    if (!module) return undefined;
    return ready((await WebAssembly.instantiate(module)).exports);
  }
  return {
    take: async () => idle.pop() ?? (await newInstance().catch(() => undefined)),
    give: (instance) => void idle.push(instance),
  };
}
