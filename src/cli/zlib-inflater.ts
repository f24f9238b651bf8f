import { createInflateRaw } from "node:zlib";
import type { RawInflater } from "../sheet/zip/raw-inflater";

/** Pieces of a megabyte: a few dozen callbacks for a large sheet where 16 KB pieces make thousands. */
const PIECE_BYTES = 1 << 20;

/** Node's zlib as the sheet reader's inflater (see `useRawInflater`). */
export const zlibInflater: RawInflater = (packed, onPiece) =>
  new Promise((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: PIECE_BYTES });
    inflate.on("data", (piece: Buffer) => {
      try {
        onPiece(piece);
      } catch (error) {
        inflate.destroy();
        reject(error);
      }
    });
    inflate.on("error", reject);
    inflate.on("end", resolve);
    inflate.end(packed);
  });
