/**
 * The deflate helper's side: a worker of its own that deflates what the sheet worker writes, so a large part's
 * deflating (a second or more for a workbook of 100k rows, at the platform's fixed level) runs beside the rewriting
 * instead of after each batch of it, on the machine's other core.
 */
import type { DeflateEndpoint, DeflateReply, DeflateRequest } from "./deflate-helper-messages";
import { joinBytes } from "./part-text";

/** Deflated bytes are sent back in pieces of about this size: a few messages where the deflater's own make hundreds. */
const REPLY_BYTES = 1 << 20;

/** Serves every deflation the sheet side asks for on `endpoint`, with the platform's CompressionStream. */
export function serveDeflation(endpoint: DeflateEndpoint<DeflateReply, DeflateRequest>): void {
  const writers = new Map<number, WritableStreamDefaultWriter<Uint8Array<ArrayBuffer>>>();
  const reply = (message: DeflateReply, transfer: ArrayBuffer[] = []) => endpoint.send(message, transfer);

  function open(stream: number): WritableStreamDefaultWriter<Uint8Array<ArrayBuffer>> {
    const deflater = new CompressionStream("deflate-raw");
    void sendBack(stream, deflater.readable.getReader());
    const writer = deflater.writable.getWriter();
    writers.set(stream, writer);
    return writer;
  }

  async function sendBack(stream: number, reader: ReadableStreamDefaultReader<Uint8Array<ArrayBuffer>>) {
    let gathered: Uint8Array[] = [];
    let size = 0;
    const send = () => {
      const piece = joinBytes(gathered, size) as Uint8Array<ArrayBuffer>;
      reply({ kind: "piece", stream, piece }, [piece.buffer]);
      gathered = [];
      size = 0;
    };
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        gathered.push(value);
        size += value.length;
        if (size >= REPLY_BYTES) send();
      }
      if (size > 0) send();
      reply({ kind: "done", stream });
    } catch (error) {
      reply({ kind: "failed", stream, message: error instanceof Error ? error.message : String(error) });
    }
  }

  endpoint.listen((data) => {
    const { stream } = data;
    const writer = writers.get(stream) ?? open(stream);
    if (data.kind === "chunk") {
      // A write that fails errors the deflater's readable side, which reports it.
      writer.write(data.chunk).then(
        () => reply({ kind: "taken", stream }),
        () => undefined,
      );
      return;
    }
    writers.delete(stream);
    if (data.kind === "end") writer.close().catch(() => undefined);
    else writer.abort().catch(() => undefined);
  });
}
