/**
 * Raw deflate data inflated into memory used over and over (AssemblyScript; `npm run build:wasm` builds it into
 * src/sheet/zip/wasm-inflater-bytes.ts). The page's own inflater hands on every piece in new memory, which the
 * collector takes back only in its own time: a 100k-row sheet's 57 MB of XML then stand in memory long after they were
 * read. Here the inflated bytes go into one buffer, a piece at a time, and the last 32 KB (what the next piece may
 * refer back to) move to its front before the next piece is written.
 *
 * The host feeds packed bytes with `inputAt` and `addInput`, calls `run` until it says `DONE`, and reads each piece
 * between `pieceStart` and `pieceEnd` when `run` says `PIECE` or `DONE`: a piece is only valid until `run` is called
 * again. A block is only started, and a code only read, with at least `SAFE_INPUT` bytes at hand (or all there is),
 * so the inflater stops for more input only there and never inside a block's header.
 */
import { CODE_LENGTH_ORDER, DIST_BASE, DIST_EXTRA, LENGTH_BASE, LENGTH_EXTRA, WINDOW } from "../shared/deflate-format";

// What `run` answers.
const PIECE: i32 = 1;
const NEEDS_INPUT: i32 = 2;
const DONE: i32 = 3;
const BAD_DATA: i32 = -1;
const CUT_SHORT: i32 = -2;

const PIECE_BYTES: i32 = 256 * 1024;
const INPUT_BYTES: i32 = 256 * 1024;
/** Enough for any block header or any one code with its extra bits, with room to spare. */
const SAFE_INPUT: i32 = 1024;
/** Past the end of a piece: the longest match (258 bytes) and eight-byte copies overrunning it. */
const OUT_SPARE: i32 = 512;

const LIT_ROOT: i32 = 10;
const DIST_ROOT: i32 = 8;
const LENGTHS_ROOT: i32 = 7;
/** Table entries room, above what any code needs (zlib's `enough` gives 1,334 and 402 for these roots). */
const LIT_ENTRIES: i32 = 2048;
const DIST_ENTRIES: i32 = 1024;

// A table entry: bits 0–4 the code's length in bits, 5–7 its kind, 8–11 its extra bits (or a sub-table's index
// bits), 16–31 its value (a literal, a base length or distance, or where a sub-table starts).
const LITERAL: u32 = 0;
const LENGTH: u32 = 1;
const END_OF_BLOCK: u32 = 2;
const SUB_TABLE: u32 = 3;
const INVALID: u32 = 4 << 5;

// Where things lie in memory, from the heap's start.
const BASE: usize = (__heap_base + 15) & ~(15 as usize);
const COUNTS: usize = BASE; // 16 u16
const OFFSETS: usize = COUNTS + 32; // 16 u16
const WORK: usize = OFFSETS + 32; // 320 u16
const LENS: usize = WORK + 640; // 320 u8
const LENGTHS_TABLE: usize = LENS + 320; // 128 u32
const LIT_TABLE: usize = LENGTHS_TABLE + 512;
const DIST_TABLE: usize = LIT_TABLE + (LIT_ENTRIES << 2);
const FIXED_LIT: usize = DIST_TABLE + (DIST_ENTRIES << 2);
const FIXED_DIST: usize = FIXED_LIT + (LIT_ENTRIES << 2);
const INPUT: usize = FIXED_DIST + (DIST_ENTRIES << 2);
const OUTPUT: usize = INPUT + INPUT_BYTES + 16;
const OUTPUT_LIMIT: usize = OUTPUT + WINDOW + PIECE_BYTES;
const END: usize = OUTPUT_LIMIT + OUT_SPARE;

// Where a block is left off.
const AT_HEADER: i32 = 0;
const IN_STORED: i32 = 1;
const IN_CODES: i32 = 2;
const ENDED: i32 = 3;

let state: i32 = AT_HEADER;
let isLastBlock = false;
let isFinalInput = false;
let bitBuffer: u64 = 0;
let bitCount: u32 = 0;
let inAt: usize = INPUT;
let inEnd: usize = INPUT;
let outAt: usize = OUTPUT + WINDOW;
let pieceFrom: usize = OUTPUT + WINDOW;
/** The earliest byte a distance may reach back to. */
let historyFrom: usize = OUTPUT + WINDOW;
let storedLeft: u32 = 0;
let litTable: usize = LIT_TABLE;
let distTable: usize = DIST_TABLE;

/** Makes room for the buffers and the fixed codes' tables; returns 0, or -1 when memory cannot grow. */
export function init(): i32 {
  const pages = <i32>((END + 0xffff) >> 16) - memory.size();
  if (pages > 0 && memory.grow(pages) < 0) return -1;
  for (let s: usize = 0; s < 288; s++) store<u8>(LENS + s, s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8);
  buildTable(LENS, 288, FIXED_LIT, LIT_ROOT, LIT_ENTRIES, false);
  for (let s: usize = 0; s < 32; s++) store<u8>(LENS + s, 5);
  buildTable(LENS, 32, FIXED_DIST, DIST_ROOT, DIST_ENTRIES, true);
  reset();
  return 0;
}

/** Starts a new stream. */
export function reset(): void {
  state = AT_HEADER;
  isLastBlock = false;
  isFinalInput = false;
  bitBuffer = 0;
  bitCount = 0;
  inAt = INPUT;
  inEnd = INPUT;
  outAt = OUTPUT + WINDOW;
  pieceFrom = outAt;
  historyFrom = outAt;
}

/** Where the host writes more packed bytes, after what is still unread moves to the buffer's front. */
export function inputAt(): usize {
  // Whole bytes read into the bit buffer but not used go back, so that moving the unread bytes keeps them.
  inAt -= bitCount >> 3;
  bitCount &= 7;
  bitBuffer &= ((1 as u64) << bitCount) - 1;
  const unread = inEnd - inAt;
  memory.copy(INPUT, inAt, unread);
  inAt = INPUT;
  inEnd = INPUT + unread;
  return inEnd;
}

/** How many bytes the host may write at `inputAt`. */
export function inputRoom(): i32 {
  return <i32>(INPUT + INPUT_BYTES - inEnd);
}

/** The host wrote `count` bytes at `inputAt`; `isFinal` when they are the last. */
export function addInput(count: i32, isFinal: bool): void {
  inEnd += count;
  isFinalInput = isFinal;
}

export function pieceStart(): usize {
  return pieceFrom;
}

export function pieceEnd(): usize {
  return outAt;
}

function hasInputFor(bytes: i32): bool {
  return isFinalInput || <i32>(inEnd - inAt) + <i32>(bitCount >> 3) >= bytes;
}

/** Fills the bit buffer to at least 56 bits, or with all that is left. */
function refill(): void {
  if (inEnd - inAt >= 8) {
    bitBuffer |= load<u64>(inAt) << bitCount;
    inAt += (63 - bitCount) >> 3;
    bitCount |= 56;
    return;
  }
  while (bitCount <= 56 && inAt < inEnd) {
    bitBuffer |= (<u64>load<u8>(inAt)) << bitCount;
    inAt++;
    bitCount += 8;
  }
}

/** The next `count` bits (the buffer filled beforehand), or -1 when the data ends first. */
function takeBits(count: u32): i32 {
  if (count > bitCount) return -1;
  const value = <i32>(bitBuffer & (((1 as u64) << count) - 1));
  bitBuffer >>= count;
  bitCount -= count;
  return value;
}

/** Moves the last 32 KB written to the buffer's front once a piece has been handed on. */
function startNextPiece(): void {
  if (outAt < OUTPUT_LIMIT) return;
  memory.copy(OUTPUT, outAt - WINDOW, WINDOW);
  outAt = OUTPUT + WINDOW;
  pieceFrom = outAt;
  historyFrom = OUTPUT;
}

/** Inflates until a piece is full, more input is needed, the data ends, or it is found bad. */
export function run(): i32 {
  startNextPiece();
  while (true) {
    if (state === ENDED) return DONE;
    if (state === AT_HEADER) {
      if (isLastBlock) {
        state = ENDED;
        return DONE;
      }
      if (!hasInputFor(SAFE_INPUT)) return NEEDS_INPUT;
      const read = readBlockHeader();
      if (read < 0) return read;
    } else if (state === IN_STORED) {
      const status = copyStored();
      if (status !== 0) return status;
    } else {
      const status = inflateCodes();
      if (status !== 0) return status;
    }
  }
}

function readBlockHeader(): i32 {
  refill();
  const last = takeBits(1);
  const type = takeBits(2);
  if (type < 0) return CUT_SHORT;
  isLastBlock = last === 1;
  if (type === 0) return startStored();
  if (type === 1) {
    litTable = FIXED_LIT;
    distTable = FIXED_DIST;
    state = IN_CODES;
    return 0;
  }
  if (type === 2) return readDynamicCodes();
  return BAD_DATA;
}

function startStored(): i32 {
  // To the next byte, then the whole bytes still in the bit buffer go back to the input.
  bitBuffer >>= bitCount & 7;
  bitCount -= bitCount & 7;
  inAt -= bitCount >> 3;
  bitBuffer = 0;
  bitCount = 0;
  if (inEnd - inAt < 4) return CUT_SHORT;
  const length = <u32>load<u16>(inAt);
  const check = <u32>load<u16>(inAt + 2);
  inAt += 4;
  if ((length ^ 0xffff) !== check) return BAD_DATA;
  storedLeft = length;
  state = IN_STORED;
  return 0;
}

function copyStored(): i32 {
  while (storedLeft > 0) {
    if (outAt >= OUTPUT_LIMIT) return PIECE;
    const available = <u32>(inEnd - inAt);
    if (available === 0) return isFinalInput ? CUT_SHORT : NEEDS_INPUT;
    let count = storedLeft < available ? storedLeft : available;
    const room = <u32>(OUTPUT_LIMIT - outAt);
    if (count > room) count = room;
    memory.copy(outAt, inAt, count);
    outAt += count;
    inAt += count;
    storedLeft -= count;
  }
  state = AT_HEADER;
  return 0;
}

function readDynamicCodes(): i32 {
  refill();
  if (bitCount < 14) return CUT_SHORT;
  const litCount = takeBits(5) + 257;
  const distCount = takeBits(5) + 1;
  const lengthsCount = takeBits(4) + 4;
  if (litCount > 286 || distCount > 30) return BAD_DATA;
  for (let i: usize = 0; i < 19; i++) store<u8>(LENS + i, 0);
  for (let i = 0; i < lengthsCount; i++) {
    refill();
    const length = takeBits(3);
    if (length < 0) return CUT_SHORT;
    store<u8>(LENS + <usize>unchecked(CODE_LENGTH_ORDER[i]), <u8>length);
  }
  if (!buildTable(LENS, 19, LENGTHS_TABLE, LENGTHS_ROOT, 128, false)) return BAD_DATA;
  const total = litCount + distCount;
  let i = 0;
  while (i < total) {
    refill();
    const entry = load<u32>(LENGTHS_TABLE + ((<usize>(bitBuffer & 127)) << 2));
    if ((entry & INVALID) !== 0) return BAD_DATA;
    if (takeBits(entry & 31) < 0) return CUT_SHORT;
    const symbol = <i32>(entry >> 16);
    if (symbol < 16) {
      store<u8>(LENS + <usize>i, <u8>symbol);
      i++;
      continue;
    }
    let value: u8 = 0;
    if (symbol === 16) {
      if (i === 0) return BAD_DATA;
      value = load<u8>(LENS + <usize>(i - 1));
    }
    const extra = takeBits(symbol === 16 ? 2 : symbol === 17 ? 3 : 7);
    if (extra < 0) return CUT_SHORT;
    let repeat = (symbol === 18 ? 11 : 3) + extra;
    if (i + repeat > total) return BAD_DATA;
    for (; repeat > 0; repeat--) {
      store<u8>(LENS + <usize>i, value);
      i++;
    }
  }
  if (load<u8>(LENS + 256) === 0) return BAD_DATA;
  if (!buildTable(LENS, litCount, LIT_TABLE, LIT_ROOT, LIT_ENTRIES, false)) return BAD_DATA;
  // The distance codes' lengths follow the literal and length codes' in the same list.
  memory.copy(LENS, LENS + <usize>litCount, <usize>distCount);
  if (!buildTable(LENS, distCount, DIST_TABLE, DIST_ROOT, DIST_ENTRIES, true)) return BAD_DATA;
  litTable = LIT_TABLE;
  distTable = DIST_TABLE;
  state = IN_CODES;
  return 0;
}

function entryOf(symbol: u32, length: u32, isDistance: bool): u32 {
  if (isDistance) {
    if (symbol >= 30) return INVALID | length;
    return (
      ((<u32>unchecked(DIST_BASE[symbol])) << 16) | ((<u32>unchecked(DIST_EXTRA[symbol])) << 8) | (LENGTH << 5) | length
    );
  }
  if (symbol < 256) return (symbol << 16) | (LITERAL << 5) | length;
  if (symbol === 256) return (END_OF_BLOCK << 5) | length;
  if (symbol >= 286) return INVALID | length;
  const index = symbol - 257;
  return (
    ((<u32>unchecked(LENGTH_BASE[index])) << 16) | ((<u32>unchecked(LENGTH_EXTRA[index])) << 8) | (LENGTH << 5) | length
  );
}

/**
 * A decoding table for a canonical code given its lengths: indexed by the next `root` bits, an entry is the symbol
 * or links to a sub-table for the codes longer than `root` that start with those bits (as zlib's `inflate_table`).
 * A code that over-subscribes its lengths is refused, and so is one that leaves room, unless it is a single code of
 * one bit. Entries a code leaves are invalid.
 */
function buildTable(lens: usize, count: i32, table: usize, root: i32, capacity: i32, isDistance: bool): bool {
  for (let i: usize = 0; i < 16; i++) store<u16>(COUNTS + (i << 1), 0);
  for (let s = 0; s < count; s++) {
    const at = COUNTS + ((<usize>load<u8>(lens + <usize>s)) << 1);
    store<u16>(at, load<u16>(at) + 1);
  }
  const rootSize = 1 << root;
  for (let i = 0; i < rootSize; i++) store<u32>(table + ((<usize>i) << 2), INVALID);
  let max = 15;
  while (max >= 1 && load<u16>(COUNTS + ((<usize>max) << 1)) === 0) max--;
  if (max === 0) return true;
  let min = 1;
  while (load<u16>(COUNTS + ((<usize>min) << 1)) === 0) min++;
  let left = 1;
  for (let length = 1; length <= 15; length++) {
    left = (left << 1) - <i32>load<u16>(COUNTS + ((<usize>length) << 1));
    if (left < 0) return false;
  }
  if (left > 0 && max !== 1) return false;

  store<u16>(OFFSETS + 2, 0);
  for (let length = 1; length < 15; length++) {
    const at = OFFSETS + ((<usize>length) << 1);
    store<u16>(at + 2, load<u16>(at) + load<u16>(COUNTS + ((<usize>length) << 1)));
  }
  for (let s = 0; s < count; s++) {
    const length = <usize>load<u8>(lens + <usize>s);
    if (length === 0) continue;
    const at = OFFSETS + (length << 1);
    const offset = load<u16>(at);
    store<u16>(WORK + ((<usize>offset) << 1), <u16>s);
    store<u16>(at, offset + 1);
  }

  // Codes in order of length, each written to every entry whose bits start with it, reversed as deflate packs them.
  let code: u32 = 0;
  let symbolAt = 0;
  let length = min;
  let next = 0;
  let current = root;
  let drop = 0;
  let low: u32 = 0xffffffff;
  let used = rootSize;
  const mask: u32 = <u32>rootSize - 1;
  while (true) {
    const entry = entryOf(<u32>load<u16>(WORK + ((<usize>symbolAt) << 1)), <u32>length, isDistance);
    const step = 1 << (length - drop);
    let fill = 1 << current;
    const tableSize = fill;
    do {
      fill -= step;
      store<u32>(table + ((<usize>(next + <i32>(code >> <u32>drop) + fill)) << 2), entry);
    } while (fill !== 0);
    // The next code of this length, counting in reversed bits.
    let bit: u32 = 1 << (<u32>(length - 1));
    while ((code & bit) !== 0) bit >>= 1;
    code = bit !== 0 ? (code & (bit - 1)) + bit : 0;
    symbolAt++;
    const countAt = COUNTS + ((<usize>length) << 1);
    store<u16>(countAt, load<u16>(countAt) - 1);
    if (load<u16>(countAt) === 0) {
      if (length === max) break;
      length = <i32>load<u8>(lens + <usize>load<u16>(WORK + ((<usize>symbolAt) << 1)));
    }
    if (length > root && (code & mask) !== low) {
      if (drop === 0) drop = root;
      next += tableSize;
      current = length - drop;
      let room = 1 << current;
      while (current + drop < max) {
        room -= <i32>load<u16>(COUNTS + ((<usize>(current + drop)) << 1));
        if (room <= 0) break;
        current++;
        room <<= 1;
      }
      used += 1 << current;
      if (used > capacity) return false;
      low = code & mask;
      store<u32>(
        table + ((<usize>low) << 2),
        ((<u32>next) << 16) | ((<u32>current) << 8) | (SUB_TABLE << 5) | <u32>root,
      );
    }
  }
  return true;
}

/** Literals and matches until the block ends, a piece is full, or more input is needed. */
function inflateCodes(): i32 {
  const lits = litTable;
  const dists = distTable;
  while (true) {
    if (outAt >= OUTPUT_LIMIT) return PIECE;
    if (!hasInputFor(SAFE_INPUT)) return NEEDS_INPUT;
    refill();
    let entry = load<u32>(lits + ((<usize>(bitBuffer & ((1 << LIT_ROOT) - 1))) << 2));
    if (((entry >> 5) & 7) === SUB_TABLE) {
      const index = <u32>(bitBuffer >> <u64>LIT_ROOT) & ((1 << ((entry >> 8) & 15)) - 1);
      entry = load<u32>(lits + ((<usize>((entry >> 16) + index)) << 2));
    }
    const bits = entry & 31;
    if (bits > bitCount) return CUT_SHORT;
    bitBuffer >>= bits;
    bitCount -= bits;
    const kind = (entry >> 5) & 7;
    if (kind === LITERAL) {
      store<u8>(outAt++, <u8>(entry >> 16));
      continue;
    }
    if (kind === END_OF_BLOCK) {
      state = AT_HEADER;
      return 0;
    }
    if (kind !== LENGTH) return BAD_DATA;
    let length = entry >> 16;
    const lengthExtra = (entry >> 8) & 15;
    if (lengthExtra > bitCount) return CUT_SHORT;
    length += <u32>(bitBuffer & (((1 as u64) << lengthExtra) - 1));
    bitBuffer >>= lengthExtra;
    bitCount -= lengthExtra;

    if (bitCount < 32) refill();
    let dist = load<u32>(dists + ((<usize>(bitBuffer & ((1 << DIST_ROOT) - 1))) << 2));
    if (((dist >> 5) & 7) === SUB_TABLE) {
      const index = <u32>(bitBuffer >> <u64>DIST_ROOT) & ((1 << ((dist >> 8) & 15)) - 1);
      dist = load<u32>(dists + ((<usize>((dist >> 16) + index)) << 2));
    }
    const distBits = dist & 31;
    if ((dist & INVALID) !== 0) return BAD_DATA;
    const distExtra = (dist >> 8) & 15;
    if (distBits + distExtra > bitCount) return CUT_SHORT;
    bitBuffer >>= distBits;
    const distance = (dist >> 16) + <u32>(bitBuffer & (((1 as u64) << distExtra) - 1));
    bitBuffer >>= distExtra;
    bitCount -= distBits + distExtra;
    if (<usize>distance > outAt - historyFrom) return BAD_DATA;
    copyMatch(outAt, outAt - <usize>distance, length, distance);
    outAt += length;
  }
}

/** A match's bytes, eight at a time where the distance allows (running past its end into the spare room). */
function copyMatch(to: usize, from: usize, length: u32, distance: u32): void {
  if (distance >= 8) {
    const end = to + <usize>length;
    while (to < end) {
      store<u64>(to, load<u64>(from));
      to += 8;
      from += 8;
    }
    return;
  }
  if (distance === 1) {
    memory.fill(to, load<u8>(from), <usize>length);
    return;
  }
  for (let i: u32 = 0; i < length; i++) store<u8>(to + <usize>i, load<u8>(from + <usize>i));
}
