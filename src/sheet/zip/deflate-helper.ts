/**
 * The deflate helper's side: a worker of its own that deflates what the sheet worker writes, so a large part's
 * deflating runs beside the rewriting instead of after each batch of it, on the machine's other core.
 */
import { type CountingDeflater, countingDeflater } from "./counting-deflater";
import type { DeflateEndpoint, DeflateReply, DeflateRequest } from "./deflate-helper-messages";
import { joinBytes } from "./join-bytes";
import { endBufferMoveAssumption } from "./buffer-moves";

/** Deflated bytes are sent back in pieces of about this size: a few large messages rather than one a batch. */
const REPLY_BYTES = 1 << 20;

/**
 * A deflation under way: its deflater once ready, the requests before this one handled in turn, and the deflated
 * pieces not yet sent.
 */
interface Deflation {
  readonly deflater: Promise<CountingDeflater>;
  handled: Promise<void>;
  pieces: Uint8Array[];
  size: number;
}

/** Serves every deflation the sheet side asks for on `endpoint`. */
export function serveDeflation(endpoint: DeflateEndpoint<DeflateReply, DeflateRequest>): void {
  const deflations = new Map<number, Deflation>();
  const reply = (message: DeflateReply, transfer: ArrayBuffer[] = []) => endpoint.send(message, transfer);
  const sendPieces = (stream: number, deflation: Deflation) => {
    const piece = joinBytes(deflation.pieces, deflation.size);
    reply({ kind: "piece", stream, piece }, [piece.buffer]);
    deflation.pieces = [];
    deflation.size = 0;
  };

  async function handle(
    request: Exclude<DeflateRequest, { kind: "abort" | "ready" }>,
    deflation: Deflation,
  ): Promise<void> {
    const { stream } = request;
    const deflater = await deflation.deflater;
    // What was still queued when the stream was aborted is dropped.
    if (deflations.get(stream) !== deflation) return;
    try {
      const piece = request.kind === "chunk" ? deflater.push(request.chunk) : deflater.finish();
      deflation.pieces.push(piece);
      deflation.size += piece.length;
      if (request.kind === "chunk") {
        if (deflation.size >= REPLY_BYTES) sendPieces(stream, deflation);
        // The deflater keeps a copy of what it still needs: the chunk goes back, to be filled again.
        reply({ kind: "taken", stream, chunk: request.chunk }, [request.chunk.buffer]);
        return;
      }
      deflations.delete(stream);
      sendPieces(stream, deflation);
      reply({ kind: "done", stream, count: deflater.counted() });
    } catch (error) {
      deflations.delete(stream);
      deflater.release();
      reply({ kind: "failed", stream, message: error instanceof Error ? error.message : String(error) });
    }
  }

  endpoint.listen((request) => {
    if (request.kind === "ready") {
      // This side moves batches and pieces back: its code is compiled knowing so (see endBufferMoveAssumption).
      endBufferMoveAssumption();
      // Made and given back: the first deflation takes it as it is.
      void countingDeflater().then((deflater) => {
        deflater.release();
        reply({ kind: "ready" });
      });
      return;
    }
    let deflation = deflations.get(request.stream);
    if (request.kind === "abort") {
      deflations.delete(request.stream);
      void deflation?.deflater.then((deflater) => deflater.release());
      return;
    }
    if (!deflation) {
      deflation = { deflater: countingDeflater(), handled: Promise.resolve(), pieces: [], size: 0 };
      deflations.set(request.stream, deflation);
    }
    const current = deflation;
    current.handled = current.handled.then(() => handle(request, current));
  });
}
