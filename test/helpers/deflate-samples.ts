/** Data a deflater is tried on: what its matcher, its blocks and its codes each find hard. */
import fc from "fast-check";

/** Text made of a few words picked at random: repeats the matcher finds near and far. */
export const textLike = fc
  .tuple(
    fc.array(fc.string({ maxLength: 40 }), { minLength: 1, maxLength: 30 }),
    fc.array(fc.nat(), { maxLength: 3000 }),
  )
  .map(([words, picks]) => new TextEncoder().encode(picks.map((p) => words[p % words.length]).join("")));

/** Text, noise, and bytes of only four values (long runs). */
export const anyData = fc.oneof(
  textLike,
  fc.uint8Array({ maxLength: 5000 }),
  fc.uint8Array({ max: 3, maxLength: 5000 }),
);

/** Bytes that repeat nothing a deflater can use, the same for the same length and seed. */
export const noise = (length: number, seed = 1) =>
  Uint8Array.from({ length }, (_, i) => (Math.imul(i + seed, 2654435761) >>> 24) & 0xff);

/**
 * Nothing, one byte, a long run, noise, a far repeat, a repeat one byte beyond the window, and worksheet rows (`rows`
 * of them): each of these once broke a deflater or came near.
 */
export function awkwardSamples(rows: number): Uint8Array[] {
  const random = noise(200_000);
  const farRepeat = new Uint8Array(100_000);
  farRepeat.set(random.subarray(0, 40_000), 0);
  farRepeat.set(random.subarray(7_232, 40_000), 40_000);
  // Its end repeats its start one byte further back than a match may reach.
  const tooFar = new Uint8Array(32_769 + 100);
  tooFar.set(random.subarray(0, 32_769), 0);
  tooFar.set(random.subarray(0, 100), 32_769);
  return [
    new Uint8Array(0),
    Uint8Array.of(7),
    new Uint8Array(300_000).fill(97),
    random,
    farRepeat,
    tooFar,
    rowsXml(rows),
  ];
}

/** Worksheet rows of one shared-string cell each. */
const rowsXml = (rows: number) =>
  new TextEncoder().encode(
    Array.from({ length: rows }, (_, r) => `<row r="${r + 2}"><c r="A${r + 2}" t="s"><v>${r % 97}</v></c></row>`).join(
      "",
    ),
  );

/**
 * Bytes where byte k appears fib(k) times, for 20 bytes, shuffled: an unlimited Huffman code for them would be 19 bits
 * deep, past deflate's 15.
 */
export function fibonacciBytes(): Uint8Array {
  const counts = fibonacci(20);
  const bytes: number[] = [];
  counts.forEach((count, symbol) => {
    for (let n = 0; n < count; n++) bytes.push(symbol * 13);
  });
  for (let i = bytes.length - 1; i > 0; i--) {
    const j = (Math.imul(i, 2654435761) >>> 0) % (i + 1);
    [bytes[i], bytes[j]] = [bytes[j] as number, bytes[i] as number];
  }
  return Uint8Array.from(bytes);
}

export function fibonacci(n: number): number[] {
  const f = [1, 1];
  while (f.length < n) f.push((f.at(-1) as number) + (f.at(-2) as number));
  return f;
}
