/** The pieces one after another in one array (`length` is their total, when known). */
export function joinBytes(
  pieces: readonly Uint8Array[],
  length = pieces.reduce((sum, piece) => sum + piece.length, 0),
): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}
