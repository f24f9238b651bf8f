/** zlib's gzip header: no name, comment or extra field (its flags byte is 0). */
const HEADER_BYTES = 10;
const FLAGS_AT = 3;
/** The trailer: the CRC-32 of the data, then its size modulo 2^32, little-endian. */
const TRAILER_BYTES = 8;

/**
 * Takes zlib's gzip output apart as it comes: the raw deflate data inside, handed on, and the CRC-32 its trailer
 * carries. The last eight bytes seen are held back until more come, as they may be the trailer.
 */
export class GzipBody {
  private headerLeft = HEADER_BYTES;
  private held = new Uint8Array(0);

  /** The deflate data in the next piece of gzip output (and in what was held back before it). */
  take(piece: Uint8Array): Uint8Array[] {
    if (this.headerLeft > 0) {
      const skipped = Math.min(this.headerLeft, piece.length);
      const flagsAt = FLAGS_AT - (HEADER_BYTES - this.headerLeft);
      if (flagsAt >= 0 && flagsAt < skipped && piece[flagsAt] !== 0)
        throw new Error("zlib wrote a gzip header with optional fields");
      this.headerLeft -= skipped;
      piece = piece.subarray(skipped);
    }
    if (piece.length >= TRAILER_BYTES) {
      const data = [this.held, piece.subarray(0, piece.length - TRAILER_BYTES)].filter((part) => part.length > 0);
      this.held = piece.slice(piece.length - TRAILER_BYTES);
      return data;
    }
    const joined = new Uint8Array(this.held.length + piece.length);
    joined.set(this.held);
    joined.set(piece, this.held.length);
    const dataEnd = Math.max(0, joined.length - TRAILER_BYTES);
    this.held = joined.slice(dataEnd);
    return dataEnd > 0 ? [joined.subarray(0, dataEnd)] : [];
  }

  /** The CRC-32 in the trailer, once the output has ended, checked against the `size` of the data deflated. */
  crc32Of(size: number): number {
    if (this.headerLeft > 0 || this.held.length !== TRAILER_BYTES) throw new Error("zlib's gzip output ended early");
    const view = new DataView(this.held.buffer, this.held.byteOffset, TRAILER_BYTES);
    if (view.getUint32(4, true) !== size % 2 ** 32) throw new Error("zlib's gzip output counts another size");
    return view.getUint32(0, true);
  }
}
