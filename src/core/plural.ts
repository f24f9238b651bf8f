/** The word for a count: `pluralise(1, "job", "jobs")` is "job", any other count "jobs". */
export function pluralise(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/** A count as the page writes every number: thousands grouped, "100,000". */
export const formatCount = (count: number) => count.toLocaleString("en-US");

/** A count with its word: "1 job", "4 jobs", "0 jobs", "100,000 rows". */
export function countOf(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${pluralise(count, one, many)}`;
}
