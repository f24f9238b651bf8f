/** The word for a count: `pluralise(1, "job", "jobs")` is "job", any other count "jobs". */
export function pluralise(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/** Made once: `toLocaleString` makes a format for every number it writes, which a long list of them felt. */
const COUNTS = new Intl.NumberFormat("en-US");

/** A count as the page writes every number: thousands grouped, "100,000". */
export const formatCount = (count: number) => COUNTS.format(count);

/** A count with its word: "1 job", "4 jobs", "0 jobs", "100,000 rows". */
export function countOf(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${pluralise(count, one, many)}`;
}
