/**
 * A file's bytes told from other bytes cheaply: their length and a 32-bit hash, two multiply-xor lanes over 32-bit
 * words (3 ms for 19 MB, where a CRC-32 takes 10). Each step is a bijection of the lane given the same word, so bytes
 * that differ in one word always differ here; two files differing more agree by chance one time in four billion.
 * For telling the file a write is given from the one read, not for anyone's attempt to match one.
 */
export interface BytesFingerprint {
  readonly length: number;
  readonly hash: number;
}

export function fingerprintOf(bytes: Uint8Array): BytesFingerprint {
  const wordCount = bytes.length >>> 2;
  // A file's bytes mostly start a buffer of their own; any others are copied to read them as words.
  const words =
    bytes.byteOffset % 4 === 0
      ? new Uint32Array(bytes.buffer, bytes.byteOffset, wordCount)
      : new Uint32Array(bytes.slice(0, wordCount * 4).buffer);
  let a = 0x811c9dc5 | 0;
  let b = 0x01000193 | 0;
  let w = 0;
  for (; w + 1 < wordCount; w += 2) {
    a = Math.imul(a ^ (words[w] as number), 0x9e3779b1);
    b = Math.imul(b ^ (words[w + 1] as number), 0x85ebca77);
  }
  if (w < wordCount) a = Math.imul(a ^ (words[w] as number), 0x9e3779b1);
  for (let k = wordCount * 4; k < bytes.length; k++) b = Math.imul(b ^ (bytes[k] as number), 0x85ebca77);
  return { length: bytes.length, hash: (Math.imul(a ^ (a >>> 15), 0x2c1b3c6d) ^ b) >>> 0 };
}

export const isSameFingerprint = (a: BytesFingerprint, b: BytesFingerprint) =>
  a.length === b.length && a.hash === b.hash;
