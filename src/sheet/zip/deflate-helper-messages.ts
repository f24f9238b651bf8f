/**
 * What the sheet worker and its deflate helper say to each other. Each deflation is a numbered stream: the sheet side
 * sends its bytes a batch at a time and then its end; the helper says when it has taken each batch (so no more than a
 * few wait in its queue), giving its buffer back to be filled again, and sends the deflated bytes back, then says the
 * stream is done (with the CRC-32 and size of what it was given), or why it failed. Before any stream, the sheet side
 * may ask the helper to make a deflater ready, so the first batch does not wait for one to be compiled; the helper says
 * when it is.
 */
import type { PartCount } from "./counting-deflater";

export type DeflateRequest =
  | { readonly kind: "ready" }
  | { readonly kind: "chunk"; readonly stream: number; readonly chunk: Uint8Array<ArrayBuffer> }
  | { readonly kind: "end"; readonly stream: number }
  | { readonly kind: "abort"; readonly stream: number };

export type DeflateReply =
  | { readonly kind: "ready" }
  | { readonly kind: "taken"; readonly stream: number; readonly chunk: Uint8Array<ArrayBuffer> }
  | { readonly kind: "piece"; readonly stream: number; readonly piece: Uint8Array<ArrayBuffer> }
  | { readonly kind: "done"; readonly stream: number; readonly count: PartCount }
  | { readonly kind: "failed"; readonly stream: number; readonly message: string };

/** One side of the conversation, over a worker or a port of a channel: what it sends, and where what it hears goes. */
export interface DeflateEndpoint<Sent, Heard> {
  send(message: Sent, transfer: ArrayBuffer[]): void;
  listen(onMessage: (message: Heard) => void): void;
}
