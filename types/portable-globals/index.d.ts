/**
 * The globals both Node (20.19 and newer) and the browser's workers have, for the code that runs
 * in both: src/sheet, src/engine, src/api, src/catalogue and src/submit compile against these and
 * ES2022 alone, so `self`, `importScripts`, `document`, `window`, `process` and `Buffer` do not
 * compile there. Each is declared as far as that code uses it, as the WHATWG and W3C standards
 * define it; declare more of a global here when shared code needs it and both places have it.
 */

interface Console {
  error(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  log(...data: unknown[]): void;
}
declare var console: Console;

/** A deep copy of `value`, the buffers in `transfer` moved into it (HTML's structured clone; Node 17 and newer). */
declare function structuredClone<T>(value: T, options?: { readonly transfer?: readonly ArrayBuffer[] }): T;

/** What a timer function gives back: a number in a browser, an object in Node; only handed back to clear it. */
interface TimerHandle {
  readonly __timerHandle?: never;
}
declare function setTimeout(handler: (...args: never[]) => unknown, timeout?: number): TimerHandle;
declare function clearTimeout(handle: TimerHandle | undefined): void;
declare function setInterval(handler: (...args: never[]) => unknown, timeout?: number): TimerHandle;
declare function clearInterval(handle: TimerHandle | undefined): void;

interface AbortSignal {
  readonly aborted: boolean;
  readonly reason: unknown;
  addEventListener(type: "abort", listener: () => void, options?: { readonly once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
  throwIfAborted(): void;
}
declare var AbortSignal: {
  readonly prototype: AbortSignal;
  abort(reason?: unknown): AbortSignal;
  timeout(milliseconds: number): AbortSignal;
};

interface AbortController {
  readonly signal: AbortSignal;
  abort(reason?: unknown): void;
}
declare var AbortController: {
  readonly prototype: AbortController;
  new (): AbortController;
};

interface DOMException extends Error {
  readonly name: string;
  readonly message: string;
}
declare var DOMException: {
  readonly prototype: DOMException;
  new (message?: string, name?: string): DOMException;
};

interface TextDecodeOptions {
  readonly stream?: boolean;
}
interface TextDecoder {
  readonly encoding: string;
  readonly fatal: boolean;
  readonly ignoreBOM: boolean;
  decode(input?: ArrayBufferView | ArrayBuffer, options?: TextDecodeOptions): string;
}
declare var TextDecoder: {
  readonly prototype: TextDecoder;
  new (label?: string, options?: { readonly fatal?: boolean; readonly ignoreBOM?: boolean }): TextDecoder;
};

interface TextEncoder {
  readonly encoding: string;
  encode(input?: string): Uint8Array<ArrayBuffer>;
  encodeInto(source: string, destination: Uint8Array): { read: number; written: number };
}
declare var TextEncoder: {
  readonly prototype: TextEncoder;
  new (): TextEncoder;
};

interface Crypto {
  readonly subtle: SubtleCrypto;
  randomUUID(): `${string}-${string}-${string}-${string}-${string}`;
}
interface SubtleCrypto {
  digest(
    algorithm: "SHA-1" | "SHA-256" | "SHA-384" | "SHA-512",
    data: ArrayBufferView<ArrayBuffer> | ArrayBuffer,
  ): Promise<ArrayBuffer>;
}
declare var crypto: Crypto;

// Streams, and the compression streams over them.
type ReadableStreamReadResult<T> =
  | { readonly done: false; readonly value: T }
  | { readonly done: true; readonly value?: undefined };
interface ReadableStreamDefaultReader<R> {
  read(): Promise<ReadableStreamReadResult<R>>;
  cancel(reason?: unknown): Promise<void>;
  releaseLock(): void;
}
interface ReadableStreamDefaultController<R> {
  enqueue(chunk: R): void;
  close(): void;
  error(reason?: unknown): void;
  readonly desiredSize: number | null;
}
interface UnderlyingDefaultSource<R> {
  start?(controller: ReadableStreamDefaultController<R>): void | PromiseLike<void>;
  pull?(controller: ReadableStreamDefaultController<R>): void | PromiseLike<void>;
  cancel?(reason?: unknown): void | PromiseLike<void>;
}
interface QueuingStrategy {
  readonly highWaterMark?: number;
}
interface ReadableStream<R = unknown> {
  readonly locked: boolean;
  getReader(): ReadableStreamDefaultReader<R>;
  cancel(reason?: unknown): Promise<void>;
  pipeThrough<T>(transform: {
    readonly writable: WritableStream<R>;
    readonly readable: ReadableStream<T>;
  }): ReadableStream<T>;
}
declare var ReadableStream: {
  readonly prototype: ReadableStream;
  new <R = unknown>(source?: UnderlyingDefaultSource<R>, strategy?: QueuingStrategy): ReadableStream<R>;
};
interface WritableStreamDefaultWriter<W> {
  write(chunk: W): Promise<void>;
  close(): Promise<void>;
  releaseLock(): void;
}
interface WritableStream<W = unknown> {
  readonly locked: boolean;
  getWriter(): WritableStreamDefaultWriter<W>;
  abort(reason?: unknown): Promise<void>;
  close(): Promise<void>;
}
interface WritableStreamDefaultController {
  error(reason?: unknown): void;
}
interface UnderlyingSink<W> {
  start?(controller: WritableStreamDefaultController): void | PromiseLike<void>;
  write?(chunk: W, controller: WritableStreamDefaultController): void | PromiseLike<void>;
  close?(): void | PromiseLike<void>;
  abort?(reason?: unknown): void | PromiseLike<void>;
}
declare var WritableStream: {
  readonly prototype: WritableStream;
  new <W = unknown>(sink?: UnderlyingSink<W>, strategy?: QueuingStrategy): WritableStream<W>;
};
interface TransformStreamDefaultController<O> {
  enqueue(chunk: O): void;
  error(reason?: unknown): void;
  terminate(): void;
}
interface Transformer<I, O> {
  start?(controller: TransformStreamDefaultController<O>): void | PromiseLike<void>;
  transform?(chunk: I, controller: TransformStreamDefaultController<O>): void | PromiseLike<void>;
  flush?(controller: TransformStreamDefaultController<O>): void | PromiseLike<void>;
}
interface TransformStream<I = unknown, O = unknown> {
  readonly readable: ReadableStream<O>;
  readonly writable: WritableStream<I>;
}
declare var TransformStream: {
  readonly prototype: TransformStream;
  new <I = unknown, O = unknown>(transformer?: Transformer<I, O>): TransformStream<I, O>;
};
type CompressionFormat = "deflate" | "deflate-raw" | "gzip";
interface CompressionStream extends TransformStream<ArrayBufferView<ArrayBuffer>, Uint8Array<ArrayBuffer>> {}
declare var CompressionStream: {
  readonly prototype: CompressionStream;
  new (format: CompressionFormat): CompressionStream;
};
interface DecompressionStream extends TransformStream<ArrayBufferView<ArrayBuffer>, Uint8Array<ArrayBuffer>> {}
declare var DecompressionStream: {
  readonly prototype: DecompressionStream;
  new (format: CompressionFormat): DecompressionStream;
};

/** Base64 to a binary string, as our WebAssembly modules' bytes are kept. */
declare function atob(data: string): string;

// WebAssembly, as far as our inflater and deflater are compiled, instantiated and their memory used.
declare namespace WebAssembly {
  /** A compiled module: only handed back to instantiate it. */
  interface Module {
    readonly __wasmModule?: never;
  }
  interface Memory {
    readonly buffer: ArrayBuffer;
  }
  interface Instance {
    readonly exports: Record<string, unknown>;
  }
  function compile(bytes: Uint8Array<ArrayBuffer>): Promise<Module>;
  function instantiate(module: Module): Promise<Instance>;
}

// fetch, as the API client and the proxy lease call it.
interface Headers {
  get(name: string): string | null;
  has(name: string): boolean;
}
interface RequestInit {
  readonly method?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array<ArrayBuffer> | null;
  readonly signal?: AbortSignal | null;
  readonly credentials?: "omit" | "same-origin" | "include";
  readonly redirect?: "follow" | "error" | "manual";
}
interface Response {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly url: string;
  readonly body: ReadableStream<Uint8Array<ArrayBuffer>> | null;
  text(): Promise<string>;
  json(): Promise<unknown>;
  arrayBuffer(): Promise<ArrayBuffer>;
}
declare var Response: {
  readonly prototype: Response;
  new (body?: string | null, init?: { readonly status?: number; readonly statusText?: string }): Response;
};
declare function fetch(input: string, init?: RequestInit): Promise<Response>;

/** One end of a MessageChannel: rows go straight from the sheet worker to the engine's on one. */
interface MessagePort {
  postMessage(message: unknown): void;
  addEventListener(type: "message", listener: (event: { readonly data: unknown }) => void): void;
  start(): void;
  close(): void;
}
