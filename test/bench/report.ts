/** A plain-text table: text columns (the first `leftColumns`) left-aligned, figures right-aligned. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[], leftColumns = 1): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i < leftColumns ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
  return [line(headers), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export const mb = (bytes: number) => (bytes / 1048576).toFixed(0);

/**
 * One round of interleaved runs' cases in turn: forward in even rounds, backward in odd ones, so that over the rounds
 * no case always runs first or last. In fresh processes run in a fixed order, the build run first in each round looked
 * 15–25% slower than the one run after it; run in alternating order, the two took the same time.
 */
export function roundOrder<T>(cases: readonly T[], round: number): readonly T[] {
  return round % 2 === 0 ? cases : [...cases].reverse();
}
