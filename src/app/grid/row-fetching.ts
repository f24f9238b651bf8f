/** Rows `start` up to `end` (exclusive), by their position among the rows shown. */
export interface RowRange {
  readonly start: number;
  readonly end: number;
}

/** Pages of rows fetched beyond the next page, in the direction of the scroll. */
const PAGES_AHEAD = 3;
/** Rows kept at hand before the ones far from the view are forgotten, and how far from it they must be. */
const MOST_KEPT = 3000;
const KEPT_AROUND = 1000;

/**
 * What to ask the engine for so the rows `wanted` (those drawn) are at hand, and the next
 * page in the direction of the scroll too: nothing while those are at hand or asked for;
 * otherwise one range from the first row missing, reaching `PAGES_AHEAD` pages past the next
 * page, so scrolling on finds its rows fetched and the engine is asked once for several pages.
 */
export function windowsToFetch(
  wanted: RowRange,
  pageRows: number,
  direction: 1 | -1,
  atHand: { has(position: number): boolean },
  asked: readonly RowRange[],
): RowRange[] {
  const near =
    direction > 0
      ? { start: wanted.start, end: wanted.end + pageRows }
      : { start: Math.max(0, wanted.start - pageRows), end: wanted.end };
  const missing = (p: number) => !atHand.has(p) && !asked.some((r) => p >= r.start && p < r.end);
  let top = near.start;
  while (top < near.end && !missing(top)) top++;
  if (top >= near.end) return [];
  let bottom = near.end - 1;
  while (bottom > top && !missing(bottom)) bottom--;
  const ahead = PAGES_AHEAD * pageRows;
  return direction > 0
    ? [{ start: top, end: Math.max(bottom + 1, near.end + ahead) }]
    : [{ start: Math.max(0, Math.min(top, near.start - ahead)), end: bottom + 1 }];
}

/** The rows to forget once more than `MOST_KEPT` are at hand: those far from the rows drawn. */
export function rowsToForget(atHand: ReadonlyMap<number, unknown>, drawn: RowRange): number[] {
  if (atHand.size <= MOST_KEPT) return [];
  const top = drawn.start - KEPT_AROUND;
  const bottom = drawn.end + KEPT_AROUND;
  return [...atHand.keys()].filter((p) => p < top || p >= bottom);
}
