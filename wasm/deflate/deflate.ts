/**
 * Raw deflate (RFC 1951) and its CRC-32, as `src/sheet/zip/fast-deflate.ts` and `crc32.ts` make them, built to
 * WebAssembly (AssemblyScript; `npm run build:wasm` builds it into src/sheet/zip/wasm-deflater-bytes.ts). The same
 * greedy matching with one candidate per hash, the same blocks and the same codes give the same bytes; here they take
 * native loads and a 64-bit bit buffer, and no bounds checks.
 *
 * The host writes at most `SLICE_BYTES` bytes at `inputAt`, then calls `deflate` with their count, or `finish` at the
 * end: each answers how many deflated bytes it wrote at `outputAt`, which are only valid until the next call.
 */
import { CODE_LENGTH_ORDER, DIST_BASE, DIST_EXTRA, LENGTH_BASE, LENGTH_EXTRA, WINDOW } from "../shared/deflate-format";

const MIN_MATCH: i32 = 4;
const MAX_MATCH: i32 = 258;
const HASH_BITS: i32 = 16;
/** Tokens per block: enough that a block's code tables cost little, few enough that the codes follow the data. */
const BLOCK_TOKENS: i32 = 1 << 15;
/** The most the host writes at once. */
const SLICE_BYTES: i32 = 128 * 1024;
/** The window, what is not yet deflated, and at least a slice: more, so the window moves to the front less often. */
const DATA_BYTES: i32 = 1024 * 1024;
/** A token's bits at most: a 15-bit length code, 5 extra bits, a 15-bit distance code, 13 extra bits. */
const MAX_TOKEN_BYTES: i32 = 6;
/** A block's header at most: 19 three-bit lengths, then 316 codes of at most 7 bits and 7 extra bits. */
const MAX_HEADER_BYTES: i32 = 1024;
/** Blocks a call writes at most: a slice and the tokens before it fill five, and one more to spare. */
const MAX_BLOCKS_A_CALL: i32 = (SLICE_BYTES + BLOCK_TOKENS) / BLOCK_TOKENS + 1;
const OUTPUT_BYTES: i32 = MAX_BLOCKS_A_CALL * (BLOCK_TOKENS * MAX_TOKEN_BYTES + MAX_HEADER_BYTES);

// Where things lie in memory, from the heap's start.
const BASE: usize = (__heap_base + 15) & ~(15 as usize);
const CRC_TABLES: usize = BASE; // 16 × 256 u32
const LENGTH_CODE: usize = CRC_TABLES + 16 * 1024; // 256 u8: a match length less 3's code (0–28)
const DIST_CODE: usize = LENGTH_CODE + 256; // 512 u8: distances less 1 to 256, then larger ones less 1 >> 7
const LITERAL_FREQ: usize = DIST_CODE + 512; // 286 u32
const DIST_FREQ: usize = LITERAL_FREQ + 4 * 288; // 30 u32
const RUN_FREQ: usize = DIST_FREQ + 4 * 32; // 19 u32
const LITERAL_LENGTHS: usize = RUN_FREQ + 4 * 32; // 286 u8
const DIST_LENGTHS: usize = LITERAL_LENGTHS + 288; // 30 u8
const RUN_LENGTHS: usize = DIST_LENGTHS + 32; // 19 u8
const LITERAL_CODES: usize = RUN_LENGTHS + 32; // 286 u16
const DIST_CODES: usize = LITERAL_CODES + 2 * 288; // 30 u16
const RUN_CODES: usize = DIST_CODES + 2 * 32; // 19 u16
const ALL_LENGTHS: usize = RUN_CODES + 2 * 32; // 316 u8: both codes' lengths, as a block's header lists them
const RUNS: usize = ALL_LENGTHS + 320; // 316 u16: those lengths in the code-length alphabet
const SORTED: usize = RUNS + 2 * 320; // 288 u32: symbols by weight, for the Huffman code
const DEPTHS: usize = SORTED + 4 * 288; // 288 u32
const LENGTH_COUNTS: usize = DEPTHS + 4 * 288; // 16 i32
const NEXT_CODE: usize = LENGTH_COUNTS + 4 * 16; // 16 u16
const LITERAL_BITS: usize = NEXT_CODE + 2 * 16; // 256 u32: a literal's code and its length (see writeTokens)
const LENGTH_BITS: usize = LITERAL_BITS + 4 * 256; // 256 u32: a match length's code, extra bits and their length
const DIST_BITS: usize = LENGTH_BITS + 4 * 256; // 30 u32: a distance code's code and its length
const HEADS: usize = DIST_BITS + 4 * 32; // 1 << HASH_BITS i32: each hash's latest position in the input, plus one
const TOKENS: usize = HEADS + (4 << HASH_BITS); // BLOCK_TOKENS u32
const DATA: usize = TOKENS + 4 * BLOCK_TOKENS;
const OUTPUT: usize = DATA + DATA_BYTES + 16;
const END: usize = OUTPUT + OUTPUT_BYTES + 16;

/** Where the data in `DATA` starts in the whole input. */
let dataStart: i32 = 0;
/** Where in `DATA` the bytes not yet deflated start, and where the data ends. */
let pending: i32 = 0;
let end: i32 = 0;
let tokenCount: i32 = 0;
let crc: u32 = 0;
/** Bits not yet written, fewer than 32, lowest first. */
let bits: u64 = 0;
let bitCount: u32 = 0;
let outAt: usize = OUTPUT;

/** Makes room for the buffers and fills the tables; returns 0, or -1 when memory cannot grow. */
export function init(): i32 {
  const pages = <i32>((END + 0xffff) >> 16) - memory.size();
  if (pages > 0 && memory.grow(pages) < 0) return -1;
  for (let n: u32 = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    store<u32>(CRC_TABLES + (n << 2), c);
  }
  for (let k: usize = 1; k < 16; k++)
    for (let n: usize = 0; n < 256; n++) {
      const previous = load<u32>(CRC_TABLES + (((k - 1) * 256 + n) << 2));
      store<u32>(
        CRC_TABLES + ((k * 256 + n) << 2),
        (previous >>> 8) ^ load<u32>(CRC_TABLES + ((previous & 0xff) << 2)),
      );
    }
  for (let code = 0; code < 29; code++)
    for (let n = 0; n < 1 << unchecked(LENGTH_EXTRA[code]); n++)
      store<u8>(LENGTH_CODE + <usize>(unchecked(LENGTH_BASE[code]) - 3 + n), <u8>code);
  // 258 has a code of its own, though it is in the range of the code before it.
  store<u8>(LENGTH_CODE + 255, 28);
  for (let code = 0; code < 30; code++)
    for (let n = 0; n < 1 << unchecked(DIST_EXTRA[code]); n++) {
      const distance = <i32>unchecked(DIST_BASE[code]) - 1 + n;
      if (distance < 256) store<u8>(DIST_CODE + <usize>distance, <u8>code);
      else store<u8>(DIST_CODE + 256 + <usize>(distance >> 7), <u8>code);
    }
  reset();
  return 0;
}

/** Starts a new stream. */
export function reset(): void {
  dataStart = 0;
  pending = 0;
  end = 0;
  tokenCount = 0;
  crc = 0;
  bits = 0;
  bitCount = 0;
  memory.fill(HEADS, 0, 4 << HASH_BITS);
  memory.fill(LITERAL_FREQ, 0, 4 * 286);
  memory.fill(DIST_FREQ, 0, 4 * 30);
}

/**
 * Where the host writes the next slice: after what is kept, once the window and what is not yet deflated move to the
 * front if a slice would not fit.
 */
export function inputAt(): usize {
  if (end + SLICE_BYTES > DATA_BYTES) {
    const keepFrom = pending > WINDOW ? pending - WINDOW : 0;
    memory.copy(DATA, DATA + <usize>keepFrom, <usize>(end - keepFrom));
    dataStart += keepFrom;
    pending -= keepFrom;
    end -= keepFrom;
  }
  return DATA + <usize>end;
}

export function sliceBytes(): i32 {
  return SLICE_BYTES;
}

export function outputAt(): usize {
  return OUTPUT;
}

/** The CRC-32 of everything given so far. */
export function crc32(): u32 {
  return crc;
}

/** Takes the `count` bytes written at `inputAt` and deflates what it can; answers how many bytes it wrote. */
export function deflate(count: i32): i32 {
  outAt = OUTPUT;
  countCrc(DATA + <usize>end, count);
  end += count;
  deflateTokens(false);
  return <i32>(outAt - OUTPUT);
}

/** Deflates the rest as the final block; answers how many bytes it wrote. */
export function finish(): i32 {
  outAt = OUTPUT;
  deflateTokens(true);
  writeBlock(true);
  while (bitCount > 0) {
    store<u8>(outAt++, <u8>bits);
    bits >>= 8;
    bitCount = bitCount > 8 ? bitCount - 8 : 0;
  }
  bits = 0;
  return <i32>(outAt - OUTPUT);
}

/** Carries the CRC over `count` bytes at `at`: sixteen bytes a turn, four words read, then byte by byte. */
function countCrc(at: usize, count: i32): void {
  let c = ~crc;
  const stop = at + <usize>count;
  while (at + 16 <= stop) {
    const a = c ^ load<u32>(at);
    const b = load<u32>(at, 4);
    const d = load<u32>(at, 8);
    const e = load<u32>(at, 12);
    // Each byte taken out already four times its value (a table entry's offset), the table's start a constant.
    c =
      load<u32>(CRC_TABLES + ((a << 2) & 0x3fc), 15 << 10) ^
      load<u32>(CRC_TABLES + ((a >>> 6) & 0x3fc), 14 << 10) ^
      load<u32>(CRC_TABLES + ((a >>> 14) & 0x3fc), 13 << 10) ^
      load<u32>(CRC_TABLES + ((a >>> 22) & 0x3fc), 12 << 10) ^
      load<u32>(CRC_TABLES + ((b << 2) & 0x3fc), 11 << 10) ^
      load<u32>(CRC_TABLES + ((b >>> 6) & 0x3fc), 10 << 10) ^
      load<u32>(CRC_TABLES + ((b >>> 14) & 0x3fc), 9 << 10) ^
      load<u32>(CRC_TABLES + ((b >>> 22) & 0x3fc), 8 << 10) ^
      load<u32>(CRC_TABLES + ((d << 2) & 0x3fc), 7 << 10) ^
      load<u32>(CRC_TABLES + ((d >>> 6) & 0x3fc), 6 << 10) ^
      load<u32>(CRC_TABLES + ((d >>> 14) & 0x3fc), 5 << 10) ^
      load<u32>(CRC_TABLES + ((d >>> 22) & 0x3fc), 4 << 10) ^
      load<u32>(CRC_TABLES + ((e << 2) & 0x3fc), 3 << 10) ^
      load<u32>(CRC_TABLES + ((e >>> 6) & 0x3fc), 2 << 10) ^
      load<u32>(CRC_TABLES + ((e >>> 14) & 0x3fc), 1 << 10) ^
      load<u32>(CRC_TABLES + ((e >>> 22) & 0x3fc));
    at += 16;
  }
  for (; at < stop; at++) c = load<u32>(CRC_TABLES + (((c ^ load<u8>(at)) & 0xff) << 2)) ^ (c >>> 8);
  crc = ~c;
}

function distCode(distance: i32): u32 {
  return distance <= 256
    ? load<u8>(DIST_CODE + <usize>(distance - 1))
    : load<u8>(DIST_CODE + 256 + <usize>((distance - 1) >> 7));
}

/** Deflates what is pending, all of it at the end, else leaving a longest match's worth for the next slice. */
function deflateTokens(isLast: bool): void {
  const stop = isLast ? end : end - MAX_MATCH;
  let count = tokenCount;
  let i = pending;
  while (i < stop) {
    if (i + MIN_MATCH > end) {
      count = literal(count, i++);
    } else {
      const word = load<u32>(DATA + <usize>i);
      const hash = (word * 0x9e3779b1) >>> (32 - HASH_BITS);
      const head = HEADS + ((<usize>hash) << 2);
      const candidate = load<i32>(head) - 1 - dataStart;
      store<i32>(head, dataStart + i + 1);
      const distance = i - candidate;
      if (candidate >= 0 && distance <= WINDOW && load<u32>(DATA + <usize>candidate) === word) {
        const limit = min(MAX_MATCH, end - i);
        const length = matchLength(DATA + <usize>candidate, DATA + <usize>i, limit);
        store<u32>(TOKENS + ((<usize>count) << 2), ((<u32>distance) << 8) | <u32>(length - 3));
        count++;
        bump(LITERAL_FREQ, 257 + <u32>load<u8>(LENGTH_CODE + <usize>(length - 3)));
        bump(DIST_FREQ, distCode(distance));
        i += length;
      } else count = literal(count, i++);
    }
    if (count === BLOCK_TOKENS) {
      tokenCount = count;
      writeBlock(false);
      count = 0;
    }
  }
  tokenCount = count;
  pending = i;
}

function literal(count: i32, i: i32): i32 {
  const byte = <u32>load<u8>(DATA + <usize>i);
  store<u32>(TOKENS + ((<usize>count) << 2), byte);
  bump(LITERAL_FREQ, byte);
  return count + 1;
}

function bump(counts: usize, symbol: u32): void {
  const at = counts + ((<usize>symbol) << 2);
  store<u32>(at, load<u32>(at) + 1);
}

/** How far the bytes at `a` and `b` agree, from the four known to, up to `limit`: eight bytes a turn. */
function matchLength(a: usize, b: usize, limit: i32): i32 {
  let length = MIN_MATCH;
  while (length + 8 <= limit) {
    const difference = load<u64>(a + <usize>length) ^ load<u64>(b + <usize>length);
    if (difference !== 0) return length + <i32>(ctz(difference) >> 3);
    length += 8;
  }
  while (length < limit && load<u8>(a + <usize>length) === load<u8>(b + <usize>length)) length++;
  return length;
}

function putBits(value: u32, length: u32): void {
  bits |= (<u64>value) << bitCount;
  bitCount += length;
  if (bitCount >= 32) {
    store<u32>(outAt, <u32>bits);
    outAt += 4;
    bits >>= 32;
    bitCount -= 32;
  }
}

/** The tokens so far as one block with codes of its own. */
function writeBlock(isFinal: bool): void {
  store<u32>(LITERAL_FREQ + (256 << 2), 1);
  buildCodeLengths(LITERAL_FREQ, 286, 15, LITERAL_LENGTHS);
  buildCodeLengths(DIST_FREQ, 30, 15, DIST_LENGTHS);
  putBits(isFinal ? 1 : 0, 1);
  putBits(2, 2);
  writeCodeTables();
  canonicalCodes(LITERAL_LENGTHS, 286, LITERAL_CODES);
  canonicalCodes(DIST_LENGTHS, 30, DIST_CODES);
  writeTokens();
  putBits(load<u16>(LITERAL_CODES + (256 << 1)), load<u8>(LITERAL_LENGTHS + 256));
  tokenCount = 0;
  memory.fill(LITERAL_FREQ, 0, 4 * 286);
  memory.fill(DIST_FREQ, 0, 4 * 30);
}

/**
 * The block's tokens in its codes. Each literal's code, each match length's code with its extra bits, and each
 * distance code's code are first put in one word with their bit count, so that a token takes one load for each; the
 * bit buffer is kept in locals for the loop.
 */
function writeTokens(): void {
  for (let s: usize = 0; s < 256; s++)
    store<u32>(LITERAL_BITS + (s << 2), codeWithLength(LITERAL_CODES, LITERAL_LENGTHS, s));
  for (let lengthLess3: usize = 0; lengthLess3 < 256; lengthLess3++) {
    const lengthCode = <usize>load<u8>(LENGTH_CODE + lengthLess3);
    const symbol = codeWithLength(LITERAL_CODES, LITERAL_LENGTHS, 257 + lengthCode);
    const codeBits = symbol >>> 24;
    const extra = <u32>lengthLess3 + 3 - unchecked(LENGTH_BASE[lengthCode]);
    const value = (symbol & 0xffffff) | (extra << codeBits);
    store<u32>(LENGTH_BITS + (lengthLess3 << 2), value | ((codeBits + unchecked(LENGTH_EXTRA[lengthCode])) << 24));
  }
  for (let code: usize = 0; code < 30; code++)
    store<u32>(DIST_BITS + (code << 2), codeWithLength(DIST_CODES, DIST_LENGTHS, code));
  let buffer = bits;
  let count = bitCount;
  let out = outAt;
  for (let t = 0; t < tokenCount; t++) {
    const token = load<u32>(TOKENS + ((<usize>t) << 2));
    if (token < 256) {
      const entry = load<u32>(LITERAL_BITS + ((<usize>token) << 2));
      buffer |= (<u64>(entry & 0xffffff)) << count;
      count += entry >>> 24;
    } else {
      const length = load<u32>(LENGTH_BITS + ((<usize>(token & 0xff)) << 2));
      buffer |= (<u64>(length & 0xffffff)) << count;
      count += length >>> 24;
      if (count >= 32) {
        store<u32>(out, <u32>buffer);
        out += 4;
        buffer >>= 32;
        count -= 32;
      }
      const distance = <i32>(token >>> 8);
      const code = <usize>distCode(distance);
      const entry = load<u32>(DIST_BITS + (code << 2));
      const codeBits = entry >>> 24;
      const value = (entry & 0xffffff) | ((<u32>distance - unchecked(DIST_BASE[code])) << codeBits);
      buffer |= (<u64>value) << count;
      count += codeBits + unchecked(DIST_EXTRA[code]);
    }
    if (count >= 32) {
      store<u32>(out, <u32>buffer);
      out += 4;
      buffer >>= 32;
      count -= 32;
    }
  }
  bits = buffer;
  bitCount = count;
  outAt = out;
}

/** A symbol's code (low 24 bits) and its length in bits (high 8). */
function codeWithLength(codes: usize, lengths: usize, symbol: usize): u32 {
  return <u32>load<u16>(codes + (symbol << 1)) | ((<u32>load<u8>(lengths + symbol)) << 24);
}

/** A dynamic block's header after its type: how many codes, the code-length code, and both codes' lengths. */
function writeCodeTables(): void {
  let literalCount = 286;
  while (literalCount > 257 && load<u8>(LITERAL_LENGTHS + <usize>(literalCount - 1)) === 0) literalCount--;
  let distCount = 30;
  while (distCount > 1 && load<u8>(DIST_LENGTHS + <usize>(distCount - 1)) === 0) distCount--;
  memory.copy(ALL_LENGTHS, LITERAL_LENGTHS, literalCount);
  memory.copy(ALL_LENGTHS + <usize>literalCount, DIST_LENGTHS, distCount);
  const runCount = runLengths(literalCount + distCount);
  memory.fill(RUN_FREQ, 0, 4 * 19);
  for (let r = 0; r < runCount; r++) bump(RUN_FREQ, load<u16>(RUNS + ((<usize>r) << 1)) & 0x1f);
  buildCodeLengths(RUN_FREQ, 19, 7, RUN_LENGTHS);
  canonicalCodes(RUN_LENGTHS, 19, RUN_CODES);
  let runCodeCount = 19;
  while (runCodeCount > 4 && load<u8>(RUN_LENGTHS + <usize>unchecked(CODE_LENGTH_ORDER[runCodeCount - 1])) === 0)
    runCodeCount--;
  putBits(literalCount - 257, 5);
  putBits(distCount - 1, 5);
  putBits(runCodeCount - 4, 4);
  for (let k = 0; k < runCodeCount; k++) putBits(load<u8>(RUN_LENGTHS + <usize>unchecked(CODE_LENGTH_ORDER[k])), 3);
  for (let r = 0; r < runCount; r++) {
    const run = <u32>load<u16>(RUNS + ((<usize>r) << 1));
    const symbol = <usize>(run & 0x1f);
    putBits(load<u16>(RUN_CODES + (symbol << 1)), load<u8>(RUN_LENGTHS + symbol));
    const extra = run >>> 5;
    if (symbol === 16) putBits(extra, 2);
    else if (symbol === 17) putBits(extra, 3);
    else if (symbol === 18) putBits(extra, 7);
  }
}

/**
 * The `count` lengths at `ALL_LENGTHS` as the code-length alphabet gives them, into `RUNS`: each a symbol (low five
 * bits) and its repeat count less the least (above): 16 repeats the last length 3–6 times, 17 gives 3–10 zeros, 18
 * gives 11–138. Answers how many.
 */
function runLengths(count: i32): i32 {
  let runCount = 0;
  for (let i = 0; i < count; ) {
    const length = <u32>load<u8>(ALL_LENGTHS + <usize>i);
    let run = 1;
    while (i + run < count && <u32>load<u8>(ALL_LENGTHS + <usize>(i + run)) === length) run++;
    i += run;
    if (length === 0) {
      while (run >= 11) {
        const n = min(run, 138);
        runCount = addRun(runCount, 18 | ((n - 11) << 5));
        run -= n;
      }
      if (run >= 3) {
        runCount = addRun(runCount, 17 | ((run - 3) << 5));
        run = 0;
      }
    } else {
      runCount = addRun(runCount, length);
      run--;
      while (run >= 3) {
        const n = min(run, 6);
        runCount = addRun(runCount, 16 | ((n - 3) << 5));
        run -= n;
      }
    }
    for (; run > 0; run--) runCount = addRun(runCount, length);
  }
  return runCount;
}

function addRun(runCount: i32, run: u32): i32 {
  store<u16>(RUNS + ((<usize>runCount) << 1), <u16>run);
  return runCount + 1;
}

/**
 * Optimal code lengths for the `count` counts at `freq` (u32 by symbol), none longer than `maxLength`, into `lengths`
 * (u8 by symbol); unused symbols get 0. At least two symbols get a code, as zlib makes them: some inflaters refuse a
 * code of one.
 */
function buildCodeLengths(freq: usize, count: i32, maxLength: i32, lengths: usize): void {
  memory.fill(lengths, 0, count);
  // Each symbol used as its weight (high bits) and number (low 9 bits), so that sorting them sorts by both.
  let n = 0;
  for (let s = 0; s < count; s++) {
    const weight = load<u32>(freq + ((<usize>s) << 2));
    if (weight > 0) n = addSorted(n, (weight << 9) | <u32>s);
  }
  for (let s = 0; n < 2; s++) if (load<u32>(freq + ((<usize>s) << 2)) === 0) n = addSorted(n, (1 << 9) | <u32>s);
  for (let k = 0; k < n; k++) store<u32>(DEPTHS + ((<usize>k) << 2), load<u32>(SORTED + ((<usize>k) << 2)) >>> 9);
  minimumRedundancy(n);
  limitedLengthCounts(n, maxLength);
  // The rarest symbols take the longest codes.
  let next = 0;
  for (let length = maxLength; length >= 1; length--)
    for (let k = load<i32>(LENGTH_COUNTS + ((<usize>length) << 2)); k > 0; k--) {
      const symbol = load<u32>(SORTED + ((<usize>next) << 2)) & 0x1ff;
      store<u8>(lengths + <usize>symbol, <u8>length);
      next++;
    }
}

/** Puts `key` among the `n` sorted keys at `SORTED` (insertion sort: a few hundred keys a block). */
function addSorted(n: i32, key: u32): i32 {
  let k = n;
  while (k > 0 && load<u32>(SORTED + ((<usize>(k - 1)) << 2)) > key) {
    store<u32>(SORTED + ((<usize>k) << 2), load<u32>(SORTED + ((<usize>(k - 1)) << 2)));
    k--;
  }
  store<u32>(SORTED + ((<usize>k) << 2), key);
  return n + 1;
}

function depth(k: i32): u32 {
  return load<u32>(DEPTHS + ((<usize>k) << 2));
}

function setDepth(k: i32, value: u32): void {
  store<u32>(DEPTHS + ((<usize>k) << 2), value);
}

/**
 * Code lengths for the `n` weights at `DEPTHS`, in ascending order, in place (Moffat and Katajainen's method): the
 * `k`th becomes the length of the `k`th weight's code.
 */
function minimumRedundancy(n: i32): void {
  setDepth(0, depth(0) + depth(1));
  let root = 0;
  let leaf = 2;
  for (let next = 1; next < n - 1; next++) {
    if (leaf >= n || depth(root) < depth(leaf)) {
      setDepth(next, depth(root));
      setDepth(root++, next);
    } else setDepth(next, depth(leaf++));
    if (leaf >= n || (root < next && depth(root) < depth(leaf))) {
      setDepth(next, depth(next) + depth(root));
      setDepth(root++, next);
    } else setDepth(next, depth(next) + depth(leaf++));
  }
  setDepth(n - 2, 0);
  for (let next = n - 3; next >= 0; next--) setDepth(next, depth(<i32>depth(next)) + 1);
  let available = 1;
  let used = 0;
  let level: u32 = 0;
  root = n - 2;
  let next = n - 1;
  while (available > 0) {
    while (root >= 0 && depth(root) === level) {
      used++;
      root--;
    }
    while (available > used) {
      setDepth(next--, level);
      available--;
    }
    available = 2 * used;
    level++;
    used = 0;
  }
}

/**
 * How many of the `n` codes at `DEPTHS` have each length once none is longer than `maxLength`, into `LENGTH_COUNTS`:
 * codes too long are cut to it, and shorter ones lengthened until the lengths make a complete code again (as miniz
 * does).
 */
function limitedLengthCounts(n: i32, maxLength: i32): void {
  memory.fill(LENGTH_COUNTS, 0, 4 * 16);
  for (let k = 0; k < n; k++) {
    const length = min(<i32>depth(k), maxLength);
    store<i32>(LENGTH_COUNTS + ((<usize>length) << 2), load<i32>(LENGTH_COUNTS + ((<usize>length) << 2)) + 1);
  }
  let total = 0;
  for (let length = 1; length <= maxLength; length++)
    total += load<i32>(LENGTH_COUNTS + ((<usize>length) << 2)) << (maxLength - length);
  for (; total > 1 << maxLength; total--) {
    store<i32>(LENGTH_COUNTS + ((<usize>maxLength) << 2), load<i32>(LENGTH_COUNTS + ((<usize>maxLength) << 2)) - 1);
    for (let length = maxLength - 1; length > 0; length--) {
      const at = LENGTH_COUNTS + ((<usize>length) << 2);
      if (load<i32>(at) > 0) {
        store<i32>(at, load<i32>(at) - 1);
        store<i32>(at + 4, load<i32>(at + 4) + 2);
        break;
      }
    }
  }
}

/** Each symbol's canonical code for the `count` lengths at `lengths`, bits reversed as deflate writes codes. */
function canonicalCodes(lengths: usize, count: i32, codes: usize): void {
  memory.fill(LENGTH_COUNTS, 0, 4 * 16);
  for (let s = 0; s < count; s++) {
    const length = <usize>load<u8>(lengths + <usize>s);
    if (length > 0) store<i32>(LENGTH_COUNTS + (length << 2), load<i32>(LENGTH_COUNTS + (length << 2)) + 1);
  }
  let code: u32 = 0;
  for (let length: usize = 1; length < 16; length++) {
    code = (code + <u32>load<i32>(LENGTH_COUNTS + ((length - 1) << 2))) << 1;
    store<u16>(NEXT_CODE + (length << 1), <u16>code);
  }
  for (let s = 0; s < count; s++) {
    const length = <usize>load<u8>(lengths + <usize>s);
    if (length === 0) {
      store<u16>(codes + ((<usize>s) << 1), 0);
      continue;
    }
    let next = <u32>load<u16>(NEXT_CODE + (length << 1));
    store<u16>(NEXT_CODE + (length << 1), <u16>(next + 1));
    let reversed: u32 = 0;
    for (let k: usize = 0; k < length; k++, next >>= 1) reversed = (reversed << 1) | (next & 1);
    store<u16>(codes + ((<usize>s) << 1), <u16>reversed);
  }
}
