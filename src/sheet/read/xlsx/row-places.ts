import type { ZipEntry } from "../../zip/zip-guard";
import { Growable } from "../growable";

/**
 * Where the rows of a worksheet's `<sheetData>` lie in its part's bytes, as reading the file found them: each row's `<`
 * and its `</row>`'s, for the rows read from the bytes. Writing results back into the same file then finds its rows'
 * ends there instead of searching for them again (a search through every byte, and a look for comments that could
 * hide an end tag). It is the same part when its entry is: the CRC-32 the zip gives for the part's bytes, and their
 * size packed and unpacked. Each place is still checked to hold `</row>`, and a row without one is searched for.
 */
export interface RowPlaces {
  readonly part: PartIdentity;
  /** Each row's `<row`, ascending. */
  readonly starts: Uint32Array;
  /** The `</row>` ending the row starting at the same index of `starts`. */
  readonly closes: Uint32Array;
}

/** What tells one zip entry's bytes from another's. */
export type PartIdentity = Pick<ZipEntry, "name" | "crc32" | "compressedSize" | "uncompressedSize">;

export const isSamePart = (part: PartIdentity, entry: ZipEntry) =>
  part.name === entry.name &&
  part.crc32 === entry.crc32 &&
  part.compressedSize === entry.compressedSize &&
  part.uncompressedSize === entry.uncompressedSize;

/** At most this many rows are placed (a worksheet's most, 8 MB of places): any after them are searched for. */
const MAX_ROW_PLACES = 1 << 20;

/** The rows' places, noted as a part is read. */
export class RowPlacesRecorder {
  private readonly starts = new Growable(Uint32Array, 4096);
  private readonly closes = new Growable(Uint32Array, 4096);

  /** The row starting at `start` ends with the `</row>` at `close` (places in the part's bytes). */
  add(start: number, close: number): void {
    if (this.starts.length === MAX_ROW_PLACES) return;
    this.starts.push(start);
    this.closes.push(close);
  }

  /** The places noted in the part of `entry`; undefined when there are none. */
  placesIn(entry: ZipEntry): RowPlaces | undefined {
    if (this.starts.length === 0) return undefined;
    const { name, crc32, compressedSize, uncompressedSize } = entry;
    return {
      part: { name, crc32, compressedSize, uncompressedSize },
      starts: this.starts.trimmed(),
      closes: this.closes.trimmed(),
    };
  }
}
