/** Index of the first entry of an ascending list not below `value` (the list's length when none is). */
export function lowerBound(values: ArrayLike<number>, value: number): number {
  return recordLowerBound(values, 1, values.length, value);
}

/**
 * `lowerBound` over the first `count` records of `stride` numbers each, kept one after another and ascending by their
 * first number: the index of the first record whose first number is not below `value` (`count` when none is).
 */
export function recordLowerBound(values: ArrayLike<number>, stride: number, count: number, value: number): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((values[mid * stride] as number) < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
