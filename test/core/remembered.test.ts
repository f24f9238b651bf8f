import { describe, expect, it } from "vitest";
import { remembered } from "../../src/core/remembered";

describe("answers remembered by their text", () => {
  it("works each answer out once, an undefined one too, and forgets them all past the limit", () => {
    const asked: string[] = [];
    const lengthOfLong = remembered(2, (text: string) => {
      asked.push(text);
      return text.length > 2 ? text.length : undefined;
    });
    expect([lengthOfLong("abc"), lengthOfLong("a"), lengthOfLong("abc"), lengthOfLong("a")]).toEqual([
      3,
      undefined,
      3,
      undefined,
    ]);
    expect(asked).toEqual(["abc", "a"]);
    // A third text is past the limit: the two held are forgotten, and worked out again when asked.
    expect(lengthOfLong("abcd")).toBe(4);
    expect(lengthOfLong("abc")).toBe(3);
    expect(asked).toEqual(["abc", "a", "abcd", "abc"]);
  });
});
