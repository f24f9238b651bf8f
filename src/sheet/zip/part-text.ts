/**
 * A part's text as it inflates, decoded as the reader decodes it, and text packed again in the
 * part's own encoding. Runs in the sheet worker and in Node: the zip codecs (the platform's
 * DecompressionStream and our own deflater, or the host's own) do the packing.
 */
import { encodeTextInto, maxEncodedLength } from "../formats/encode-text";
import { joinBytes } from "./join-bytes";
import { piecesOf, type Recycle, zipCodecs } from "./zip-codecs";
import { dataStartOf, inflateEntry, type ZipEntry } from "./zip-guard";

/** About how many bytes are handed to the compressor at a time. */
export const PACK_BATCH_BYTES = 1 << 20;

export type PartEncoding = "utf-8" | "utf-16le" | "utf-16be";

/** A part's encoding from its first inflated bytes: UTF-16 when they are its byte-order mark, else UTF-8. */
export function partEncodingOf(firstChunk: Uint8Array): PartEncoding {
  if (firstChunk[0] === 0xff && firstChunk[1] === 0xfe) return "utf-16le";
  if (firstChunk[0] === 0xfe && firstChunk[1] === 0xff) return "utf-16be";
  return "utf-8";
}

/** Every piece a stream gives, in order, and their total length. */
async function collectPieces(
  stream: ReadableStream<Uint8Array>,
): Promise<{ readonly pieces: readonly Uint8Array[]; readonly length: number }> {
  const pieces: Uint8Array[] = [];
  let length = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pieces.push(value);
    length += value.length;
  }
  return { pieces, length };
}

export async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const { pieces, length } = await collectPieces(stream);
  return joinBytes(pieces, length);
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

/**
 * A part ready to be stored: deflated, with the CRC and size of its inflated bytes. Its deflated bytes are kept in the
 * pieces the deflater gave, copied once, into the zip: a large part joined first was copied three times over.
 */
export interface PackedPart {
  readonly name: string;
  readonly packed: readonly Uint8Array[];
  /** The deflated bytes' length, all pieces together. */
  readonly packedSize: number;
  readonly crc32: number;
  readonly size: number;
}

/** Text rewritten as it streams: each call returns the text to write so far. */
export interface TextRewriter {
  push(text: string): string;
  finish(): string;
}

/** What a part is written through, in order: bytes passed on as they came, and text (in the part's encoding). */
export interface PartOutput {
  bytes(view: Uint8Array): void;
  text(text: string): void;
}

/** A part rewritten as its bytes inflate, writing through a `PartOutput`. */
export interface PartRewriter {
  push(chunk: Uint8Array): void;
  end(): void;
}

/** Batches given back by the deflater, at most: as many as it may hold at once, and one more. */
const MAX_SPARE_BATCHES = 4;

/**
 * Batches the deflater is done with, filled again instead of new ones made: a large part is a hundred batches, and
 * making each anew had the collector sweep the whole heap every dozen or so.
 */
class SpareBatches {
  private readonly spare: Uint8Array<ArrayBuffer>[] = [];

  readonly recycle: Recycle = (chunk) => {
    // A batch made larger for a long text is as good.
    if (chunk.buffer.byteLength >= PACK_BATCH_BYTES && this.spare.length < MAX_SPARE_BATCHES)
      this.spare.push(new Uint8Array(chunk.buffer));
  };

  take(): Uint8Array<ArrayBuffer> {
    return this.spare.pop() ?? new Uint8Array(PACK_BATCH_BYTES);
  }
}

/**
 * Gathers what is written into batches of about `PACK_BATCH_BYTES` for the compressor (which is much faster given a few
 * large pieces than many small ones), copying bytes and encoding text straight into the batch. A batch handed on is
 * never written again unless the deflater gives it back, as it may take it over.
 */
class PackBatches implements PartOutput {
  readonly spare = new SpareBatches();
  private batch = this.spare.take();
  private at = 0;
  /** Bytes handed on so far. */
  size = 0;
  /** Where each full batch goes: set before the first is full. */
  emit: (batch: Uint8Array<ArrayBuffer>) => void = () => {
    throw new Error("a batch was handed on before there was anywhere for it to go");
  };

  constructor(private readonly encoding: () => PartEncoding) {}

  bytes(view: Uint8Array): void {
    this.makeRoom(view.length);
    this.batch.set(view, this.at);
    this.at += view.length;
  }

  text(text: string): void {
    if (text.length === 0) return;
    this.makeRoom(maxEncodedLength(text));
    // A part's encodings (UTF-8, UTF-16) have bytes for any text: never undefined.
    this.at += encodeTextInto(text, this.encoding(), this.batch, this.at) as number;
  }

  flush(): void {
    if (this.at === 0) return;
    const data = this.batch.subarray(0, this.at);
    this.batch = this.spare.take();
    this.at = 0;
    this.size += data.length;
    this.emit(data);
  }

  /**
   * The batches handed on as `write` takes each of `items` in turn, then `end`: a stream pulled as the deflater asks.
   * A pull goes on until a batch is handed on, as a stream pulls again only for what it is given, and `items` are let
   * go (`return`) if the stream fails or is cancelled.
   */
  pulled<T>(items: Iterator<T>, write: (item: T) => void, end: () => void): ReadableStream<Uint8Array<ArrayBuffer>> {
    return new ReadableStream<Uint8Array<ArrayBuffer>>(
      {
        start: (controller) => {
          this.emit = (batch) => controller.enqueue(batch);
        },
        pull: (controller) => {
          try {
            for (const before = this.size; this.size === before; ) {
              const next = items.next();
              if (next.done) {
                end();
                controller.close();
                return;
              }
              write(next.value);
            }
          } catch (error) {
            items.return?.();
            throw error;
          }
        },
        cancel: () => void items.return?.(),
      },
      { highWaterMark: 0 },
    );
  }

  /** A batch with room for `length` more bytes: the one being filled, or, once that is handed on, a new one. */
  private makeRoom(length: number): void {
    if (this.at + length <= this.batch.length) return;
    this.flush();
    if (length > this.batch.length) this.batch = new Uint8Array(length);
  }
}

/**
 * Deflates what `source` gives (about `expectedBytes`) into a part named `name`, with the CRC and size of what it gave;
 * the chunks the deflater is done with go to `recycle`.
 */
export async function packStream(
  name: string,
  source: ReadableStream<Uint8Array<ArrayBuffer>>,
  expectedBytes: number,
  recycle?: Recycle,
): Promise<PackedPart> {
  const deflater = zipCodecs().deflater(expectedBytes, recycle);
  const { pieces, length } = await collectPieces(source.pipeThrough(deflater));
  const { crc32, size } = deflater.counted();
  return { name, packed: pieces, packedSize: length, crc32, size };
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
  const batches = new PackBatches(() => encoding);
  const source = batches.pulled(
    pieces[Symbol.iterator](),
    (text) => batches.text(text),
    () => batches.flush(),
  );
  return packStream(name, source, 0, batches.spare.recycle);
}

/**
 * Inflates an entry, runs its bytes through the rewriter `rewriterOf` makes, and deflates what it writes, a batch at a
 * time: neither the old part nor the new is ever held whole. Text written is encoded in the part's own encoding. An
 * error thrown by the rewriter comes out of the returned promise.
 */
export async function repackPart(
  bytes: Uint8Array,
  entry: ZipEntry,
  rewriterOf: (out: PartOutput) => PartRewriter,
): Promise<PackedPart> {
  const start = dataStartOf(bytes, entry);
  const packed = bytes.subarray(start, start + entry.compressedSize);
  let encoding: PartEncoding = "utf-8";
  let read = 0;
  const batches = new PackBatches(() => encoding);
  const rewriter = rewriterOf(batches);
  const push = (chunk: Uint8Array) => {
    if (chunk.length === 0) return;
    // Written back in the encoding it came in.
    if (read === 0) encoding = partEncodingOf(chunk);
    read += chunk.length;
    if (read > entry.uncompressedSize) throw new Error(`${entry.name} unpacks to more than it declares`);
    rewriter.push(chunk);
  };
  const end = () => {
    rewriter.end();
    batches.flush();
  };
  const codecs = zipCodecs();
  const inPlace = entry.method === 8 && !codecs.rewritesWithStream ? await codecs.pieceInflater?.() : undefined;
  let rewritten: ReadableStream<Uint8Array<ArrayBuffer>>;
  if (inPlace) {
    // Each piece is rewritten as soon as it is inflated, before the next is asked for: it lies where the next will.
    rewritten = batches.pulled(inPlace.pieces(packed), push, end);
  } else {
    const stored = piecesOf(packed);
    const inflated = entry.method === 8 ? stored.pipeThrough(codecs.inflater()) : stored;
    rewritten = inflated.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array<ArrayBuffer>>({
        start: (controller) => {
          batches.emit = (batch) => controller.enqueue(batch);
        },
        transform: push,
        flush: end,
      }),
    );
  }
  return packStream(entry.name, rewritten, entry.uncompressedSize, batches.spare.recycle);
}

/** A text rewriter over a part's bytes: they are decoded as the reader decodes them, and what it returns written. */
export function textRewriterOf(rewriter: TextRewriter, out: PartOutput): PartRewriter {
  const decoder = partDecoder();
  return {
    push: (chunk) => out.text(rewriter.push(decoder.decode(chunk))),
    end: () => out.text(rewriter.push(decoder.end()) + rewriter.finish()),
  };
}
