/**
 * The sheet worker's side of its deflate helper (see `deflate-helper.ts`): deflater streams whose bytes are deflated
 * in the helper. The helper is started on first use and stopped once no deflation has used it for a while; where it
 * cannot start, or once it has failed, deflating falls back to `fallback`'s streams in this thread.
 */
import type { DeflateEndpoint, DeflateReply, DeflateRequest } from "./deflate-helper-messages";
import type { PartCount } from "./counting-deflater";
import type { PartDeflater, Recycle, ZipCodecs } from "./zip-codecs";
import { endBufferMoveAssumption } from "./buffer-moves";

/** The helper as the sheet side holds it: a worker, or a port in tests. */
export interface DeflateHelper extends DeflateEndpoint<DeflateRequest, DeflateReply> {
  /** `onFailure` is called if the helper stops by itself, or cannot load. */
  onFailure(onFailure: () => void): void;
  stop(): void;
}

/** Batches sent and not yet taken by the helper, at most: enough to keep it busy, few enough to keep memory flat. */
const MAX_WAITING_BATCHES = 3;
/** Smaller parts are deflated in this thread, in less time than a helper takes to start. */
const HELPER_MIN_BYTES = 1 << 20;
/** A helper with no deflation for this long is stopped: starting one again costs tens of milliseconds. */
const IDLE_MS = 10_000;

interface OpenStream {
  readonly piece: (bytes: Uint8Array<ArrayBuffer>) => void;
  readonly taken: (chunk: Uint8Array<ArrayBuffer>) => void;
  readonly done: (count: PartCount) => void;
  readonly failed: (error: Error) => void;
}

/**
 * `fallback` with its deflater replaced, for parts of a megabyte or more, by one that deflates in a helper `start`
 * starts. The bytes written to such a deflater are moved to the helper: a chunk's buffer cannot be used again once
 * written.
 */
export function withDeflateHelper(fallback: ZipCodecs, start: () => DeflateHelper): ZipCodecs {
  const streams = new Map<number, OpenStream>();
  let helper: DeflateHelper | undefined;
  let broken = false;
  let nextStream = 0;
  let idleTimer: TimerHandle | undefined;
  /** Who waits for the helper to say its deflater is ready. */
  const readyWaiters: (() => void)[] = [];
  const nowReady = () => {
    for (const resume of readyWaiters.splice(0)) resume();
  };

  const stopHelper = () => {
    helper?.stop();
    helper = undefined;
    // Whoever waits for it to get ready waits no longer: a part deflates in this thread, or in a helper started anew.
    nowReady();
  };

  function failAll(error: Error): void {
    broken = true;
    stopHelper();
    for (const stream of streams.values()) stream.failed(error);
    streams.clear();
  }

  /** With no deflation under way, the helper is stopped once none has come for `IDLE_MS`. */
  function stopWhenIdle(): void {
    if (streams.size > 0) return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(stopHelper, IDLE_MS);
  }

  function forget(stream: number): void {
    streams.delete(stream);
    stopWhenIdle();
  }

  function connect(): DeflateHelper | undefined {
    if (helper || broken) return helper;
    try {
      helper = start();
    } catch {
      broken = true;
      return undefined;
    }
    helper.listen((data) => {
      if (data.kind === "ready") return nowReady();
      const stream = streams.get(data.stream);
      if (!stream) return;
      if (data.kind === "piece") stream.piece(data.piece);
      else if (data.kind === "taken") stream.taken(data.chunk);
      else {
        forget(data.stream);
        if (data.kind === "done") stream.done(data.count);
        else stream.failed(new Error(`deflating failed: ${data.message}`));
      }
    });
    helper.onFailure(() => failAll(new Error("the deflate helper stopped")));
    return helper;
  }

  function deflater(expectedBytes: number, recycle?: Recycle): PartDeflater {
    const connected = expectedBytes >= HELPER_MIN_BYTES ? connect() : undefined;
    if (!connected) return fallback.deflater(expectedBytes, recycle);
    clearTimeout(idleTimer);
    const stream = nextStream++;
    const send = (message: DeflateRequest, transfer: ArrayBuffer[] = []) => connected.send(message, transfer);
    let waiting = 0;
    let wake: (() => void) | undefined;
    let output: ReadableStreamDefaultController<Uint8Array<ArrayBuffer>> | undefined;
    let failure: Error | undefined;
    let count: PartCount | undefined;
    const readable = new ReadableStream<Uint8Array<ArrayBuffer>>({ start: (controller) => void (output = controller) });
    const wakeWriter = () => {
      const resume = wake;
      wake = undefined;
      resume?.();
    };
    streams.set(stream, {
      piece: (bytes) => output?.enqueue(bytes),
      taken: (chunk) => {
        waiting--;
        recycle?.(chunk);
        wakeWriter();
      },
      done: (counted) => {
        count = counted;
        output?.close();
      },
      failed: (error) => {
        failure = error;
        output?.error(error);
        wakeWriter();
      },
    });
    const writable = new WritableStream<Uint8Array<ArrayBuffer>>({
      async write(chunk) {
        while (waiting >= MAX_WAITING_BATCHES && !failure) await new Promise<void>((resume) => (wake = resume));
        if (failure) throw failure;
        waiting++;
        send({ kind: "chunk", stream, chunk }, [chunk.buffer]);
      },
      close: () => send({ kind: "end", stream }),
      abort: () => {
        forget(stream);
        send({ kind: "abort", stream });
      },
    });
    return {
      writable,
      readable,
      counted: () => {
        if (!count) throw new Error("the deflation has not ended");
        return count;
      },
    };
  }

  /**
   * The helper started and its deflater made, ahead of a large part to deflate: settles once they are (at once where no
   * helper can start). The helper is stopped as usual if no part comes.
   */
  function prepareDeflater(): Promise<void> {
    const connected = connect();
    if (!connected) return Promise.resolve();
    // Batches are moved to the helper: the write's code is compiled knowing so (see endBufferMoveAssumption).
    endBufferMoveAssumption();
    const ready = new Promise<void>((resume) => readyWaiters.push(resume));
    connected.send({ kind: "ready" }, []);
    stopWhenIdle();
    return ready;
  }

  return { ...fallback, deflater, prepareDeflater };
}
