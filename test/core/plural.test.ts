import { describe, expect, it } from "vitest";
import { countOf, pluralise } from "../../src/core/plural";

describe("counts in words", () => {
  it("takes the singular for one only", () => {
    expect([0, 1, 2].map((n) => pluralise(n, "job", "jobs"))).toEqual(["jobs", "job", "jobs"]);
  });

  it("writes a count with its word, large counts grouped by thousands", () => {
    expect([
      countOf(1, "row", "rows"),
      countOf(0, "row", "rows"),
      countOf(100_000, "row", "rows"),
      countOf(2_000_011, "row", "rows"),
    ]).toEqual(["1 row", "0 rows", "100,000 rows", "2,000,011 rows"]);
  });
});
