/**
 * The deflate helper's side: a worker of its own that deflates what the sheet worker writes, so a large part's
 * deflating runs beside the rewriting instead of after each batch of it, on the machine's other core.
 */
import type { DeflateEndpoint, DeflateReply, DeflateRequest } from "./deflate-helper-messages";
import { crc32 } from "./crc32";
import { FastDeflater } from "./fast-deflate";
import { joinBytes } from "./part-text";

/** Deflated bytes are sent back in pieces of about this size: a few large messages rather than one a batch. */
const REPLY_BYTES = 1 << 20;

/** A deflation under way: its deflater, the deflated pieces not yet sent, and the CRC-32 and size of what it took. */
interface Deflation {
  readonly deflater: FastDeflater;
  pieces: Uint8Array[];
  size: number;
  crc32: number;
  taken: number;
}

/** Serves every deflation the sheet side asks for on `endpoint`. */
export function serveDeflation(endpoint: DeflateEndpoint<DeflateReply, DeflateRequest>): void {
  const deflations = new Map<number, Deflation>();
  const reply = (message: DeflateReply, transfer: ArrayBuffer[] = []) => endpoint.send(message, transfer);
  const sendPieces = (stream: number, deflation: Deflation) => {
    const piece = joinBytes(deflation.pieces, deflation.size) as Uint8Array<ArrayBuffer>;
    reply({ kind: "piece", stream, piece }, [piece.buffer]);
    deflation.pieces = [];
    deflation.size = 0;
  };

  endpoint.listen((request) => {
    const { stream } = request;
    if (request.kind === "abort") {
      deflations.delete(stream);
      return;
    }
    let deflation = deflations.get(stream);
    if (!deflation) {
      deflation = { deflater: new FastDeflater(), pieces: [], size: 0, crc32: 0, taken: 0 };
      deflations.set(stream, deflation);
    }
    try {
      if (request.kind === "chunk") {
        deflation.crc32 = crc32(deflation.crc32, request.chunk);
        deflation.taken += request.chunk.length;
      }
      const piece = request.kind === "chunk" ? deflation.deflater.push(request.chunk) : deflation.deflater.finish();
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
      reply({ kind: "done", stream, count: { crc32: deflation.crc32, size: deflation.taken } });
    } catch (error) {
      deflations.delete(stream);
      reply({ kind: "failed", stream, message: error instanceof Error ? error.message : String(error) });
    }
  });
}
