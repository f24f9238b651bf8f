/** The word for a count: `pluralise(1, "job", "jobs")` is "job", any other count "jobs". */
export function pluralise(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/** A count with its word: "1 job", "4 jobs", "0 jobs". */
export function countOf(count: number, one: string, many: string): string {
  return `${count} ${pluralise(count, one, many)}`;
}
