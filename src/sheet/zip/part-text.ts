/**
 * A part's text as it inflates, decoded as the reader decodes it, and text packed again in the
 * part's own encoding. Runs in the sheet worker and in Node: the zip codecs (the platform's
 * CompressionStream and DecompressionStream, or the host's own) do the packing.
 */
import { encodeText } from "../formats/encode-text";
import { crc32 } from "./crc32";
import { piecesOf, zipCodecs } from "./zip-codecs";
import { dataStartOf, inflateEntry, type ZipEntry } from "./zip-guard";

/** How much text is encoded and handed to the compressor at a time. */
const PACK_BATCH_CHARS = 1 << 20;

export type PartEncoding = "utf-8" | "utf-16le" | "utf-16be";

/** A part's encoding from its first inflated bytes: UTF-16 when they are its byte-order mark, else UTF-8. */
export function partEncodingOf(firstChunk: Uint8Array): PartEncoding {
  if (firstChunk[0] === 0xff && firstChunk[1] === 0xfe) return "utf-16le";
  if (firstChunk[0] === 0xfe && firstChunk[1] === 0xff) return "utf-16be";
  return "utf-8";
}

export async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.length;
  }
  return joinBytes(chunks, length);
}

/** The pieces one after another in one array (`length` is their total, when known). */
export function joinBytes(
  pieces: readonly Uint8Array[],
  length = pieces.reduce((sum, piece) => sum + piece.length, 0),
): Uint8Array {
  const out = new Uint8Array(length);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

/** A part's text and the encoding it is stored in. */
export interface ZipText {
  readonly text: string;
  readonly encoding: PartEncoding;
}

/**
 * Decodes a part's inflated bytes as the reader does (UTF-16 when they start with its
 * byte-order mark, else UTF-8), keeping a byte-order mark in the text so that encoding the
 * text again in `encoding` gives the same bytes.
 */
export function partDecoder() {
  let decoder: TextDecoder | undefined;
  let encoding: PartEncoding = "utf-8";
  return {
    get encoding(): PartEncoding {
      return encoding;
    },
    decode(chunk: Uint8Array): string {
      if (chunk.length === 0) return "";
      if (!decoder) {
        encoding = partEncodingOf(chunk);
        decoder = new TextDecoder(encoding, { ignoreBOM: true });
      }
      return decoder.decode(chunk, { stream: true });
    },
    end: (): string => decoder?.decode() ?? "",
  };
}

/** One entry's text, inflated within `budget` bytes. */
export async function readZipText(bytes: Uint8Array, entry: ZipEntry, budget: number): Promise<ZipText> {
  const decoder = partDecoder();
  let text = "";
  await inflateEntry(bytes, entry, entry.name, budget, (chunk) => void (text += decoder.decode(chunk)));
  return { text: text + decoder.end(), encoding: decoder.encoding };
}

/** A part ready to be stored: deflated, with the CRC and size of its inflated bytes. */
export interface PackedPart {
  readonly name: string;
  readonly packed: Uint8Array;
  readonly crc32: number;
  readonly size: number;
}

/** Text rewritten as it streams: each call returns the text to write so far. */
export interface TextRewriter {
  push(text: string): string;
  finish(): string;
}

/** Encodes text in the encoding `encodingNow` gives, counting its bytes and CRC on the way to the compressor. */
function textEncoder(encodingNow: () => PartEncoding) {
  const state = { crc: 0, size: 0 };
  return {
    state,
    encode(text: string): Uint8Array<ArrayBuffer> {
      // A part's encodings (UTF-8, UTF-16) have bytes for any text: never undefined.
      const data = encodeText(text, encodingNow()) as Uint8Array<ArrayBuffer>;
      state.crc = crc32(state.crc, data);
      state.size += data.length;
      return data;
    },
  };
}

async function packStream(
  name: string,
  text: ReadableStream<Uint8Array<ArrayBuffer>>,
  counted: { readonly crc: number; readonly size: number },
): Promise<PackedPart> {
  const packed = await collect(text.pipeThrough(zipCodecs().deflater()));
  return { name, packed, crc32: counted.crc, size: counted.size };
}

/**
 * Deflates text given in pieces, without ever joining all of them, encoded in `encoding` (a part's own, UTF-8 for a new
 * one).
 */
export function packText(
  name: string,
  pieces: Iterable<string>,
  encoding: PartEncoding = "utf-8",
): Promise<PackedPart> {
  const encoder = textEncoder(() => encoding);
  const iterator = pieces[Symbol.iterator]();
  const source = new ReadableStream<Uint8Array<ArrayBuffer>>({
    pull(controller) {
      let batch = "";
      while (batch.length < PACK_BATCH_CHARS) {
        const next = iterator.next();
        if (next.done) break;
        batch += next.value;
      }
      if (batch === "") controller.close();
      else controller.enqueue(encoder.encode(batch));
    },
  });
  return packStream(name, source, encoder.state);
}

/**
 * Inflates an entry, runs its text through `rewriter` and deflates the result, one chunk at
 * a time: neither the old nor the new text is ever held whole. The text is decoded as the
 * reader decodes it and written back in the same encoding. An error thrown by the
 * rewriter comes out of the returned promise.
 */
export function repackText(bytes: Uint8Array, entry: ZipEntry, rewriter: TextRewriter): Promise<PackedPart> {
  const start = dataStartOf(bytes, entry);
  const stored = piecesOf(bytes.subarray(start, start + entry.compressedSize));
  const inflated = entry.method === 8 ? stored.pipeThrough(zipCodecs().inflater()) : stored;
  // Written back in the encoding it came in.
  const decoder = partDecoder();
  const encoder = textEncoder(() => decoder.encoding);
  let read = 0;
  // The compressor is much faster given a few large chunks than many small ones.
  let pending: string[] = [];
  let pendingLength = 0;
  const rewrite = new TransformStream<Uint8Array, Uint8Array<ArrayBuffer>>({
    transform(chunk, controller) {
      read += chunk.length;
      if (read > entry.uncompressedSize) throw new Error(`${entry.name} unpacks to more than it declares`);
      const text = rewriter.push(decoder.decode(chunk));
      pending.push(text);
      pendingLength += text.length;
      if (pendingLength < PACK_BATCH_CHARS) return;
      controller.enqueue(encoder.encode(pending.join("")));
      pending = [];
      pendingLength = 0;
    },
    flush(controller) {
      pending.push(rewriter.push(decoder.end()), rewriter.finish());
      const text = pending.join("");
      if (text) controller.enqueue(encoder.encode(text));
    },
  });
  return packStream(entry.name, inflated.pipeThrough(rewrite), encoder.state);
}
