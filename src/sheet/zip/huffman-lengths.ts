/**
 * Huffman codes as deflate stores them: code lengths from symbol counts, within a longest length, and the canonical
 * codes those lengths give.
 */

/**
 * Optimal code lengths for the counts `freq` (by symbol), none longer than `maxLength`; unused symbols get 0. At least
 * two symbols get a code, as zlib makes them: some inflaters refuse a code of one.
 */
export function buildCodeLengths(freq: ArrayLike<number>, maxLength: number): Uint8Array {
  const lengths = new Uint8Array(freq.length);
  const symbols: number[] = [];
  for (let s = 0; s < freq.length; s++) if ((freq[s] as number) > 0) symbols.push(s);
  for (let s = 0; symbols.length < 2; s++) if (freq[s] === 0) symbols.push(s);
  const weightOf = (s: number) => Math.max(1, freq[s] as number);
  symbols.sort((a, b) => weightOf(a) - weightOf(b) || a - b);
  const depths = minimumRedundancy(symbols.map(weightOf));
  const counts = limitedLengthCounts(depths, maxLength);
  // The rarest symbols take the longest codes.
  let next = 0;
  for (let length = maxLength; length >= 1; length--)
    for (let n = counts[length] as number; n > 0; n--) lengths[symbols[next++] as number] = length;
  return lengths;
}

/**
 * Code lengths for weights in ascending order (Moffat and Katajainen's in-place method): the result's `i`th is the
 * length of the `i`th weight's code.
 */
function minimumRedundancy(weights: readonly number[]): number[] {
  const a = weights.slice();
  const n = a.length;
  a[0] = (a[0] as number) + (a[1] as number);
  let root = 0;
  let leaf = 2;
  for (let next = 1; next < n - 1; next++) {
    if (leaf >= n || (a[root] as number) < (a[leaf] as number)) {
      a[next] = a[root] as number;
      a[root++] = next;
    } else a[next] = a[leaf++] as number;
    if (leaf >= n || (root < next && (a[root] as number) < (a[leaf] as number))) {
      a[next] = (a[next] as number) + (a[root] as number);
      a[root++] = next;
    } else a[next] = (a[next] as number) + (a[leaf++] as number);
  }
  a[n - 2] = 0;
  for (let next = n - 3; next >= 0; next--) a[next] = (a[a[next] as number] as number) + 1;
  let available = 1;
  let used = 0;
  let depth = 0;
  root = n - 2;
  let next = n - 1;
  while (available > 0) {
    while (root >= 0 && a[root] === depth) {
      used++;
      root--;
    }
    while (available > used) {
      a[next--] = depth;
      available--;
    }
    available = 2 * used;
    depth++;
    used = 0;
  }
  return a;
}

/**
 * How many codes have each length once none is longer than `maxLength`: codes too long are cut to it, and shorter ones
 * lengthened until the lengths make a complete code again (as miniz does).
 */
function limitedLengthCounts(depths: readonly number[], maxLength: number): Int32Array {
  const counts = new Int32Array(maxLength + 1);
  for (const depth of depths) (counts[Math.min(depth, maxLength)] as number)++;
  let total = 0;
  for (let length = 1; length <= maxLength; length++) total += (counts[length] as number) << (maxLength - length);
  for (; total > 1 << maxLength; total--) {
    (counts[maxLength] as number)--;
    for (let length = maxLength - 1; length > 0; length--) {
      if ((counts[length] as number) > 0) {
        (counts[length] as number)--;
        counts[length + 1] = (counts[length + 1] as number) + 2;
        break;
      }
    }
  }
  return counts;
}

/** Each symbol's canonical code for `lengths`, its bits reversed as deflate writes codes (first bit lowest). */
export function canonicalCodes(lengths: Uint8Array): Uint16Array {
  const lengthCounts = new Uint16Array(16);
  for (const length of lengths) if (length > 0) (lengthCounts[length] as number)++;
  const nextCode = new Uint16Array(16);
  for (let length = 1, code = 0; length < 16; length++) {
    code = (code + (lengthCounts[length - 1] as number)) << 1;
    nextCode[length] = code;
  }
  const codes = new Uint16Array(lengths.length);
  for (let s = 0; s < lengths.length; s++) {
    const length = lengths[s] as number;
    if (length === 0) continue;
    let code = (nextCode[length] as number)++;
    let reversed = 0;
    for (let k = 0; k < length; k++, code >>= 1) reversed = (reversed << 1) | (code & 1);
    codes[s] = reversed;
  }
  return codes;
}
