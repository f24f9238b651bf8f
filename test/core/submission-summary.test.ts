import { describe, expect, it } from "vitest";
import { summariseSubmission, summaryText } from "../../src/core/submission-summary";
import type { JobCandidate } from "../../src/core/vendor";

const candidate = (dateDue: string) => ({ dateDue, deliveryMethod: "STD", items: [{}] }) as unknown as JobCandidate;
const words = { money: (n: number) => `$${n.toFixed(2)}`, deliveryLabel: () => "Courier" };

describe("the confirmation's artwork warnings", () => {
  it("lists the warnings about the artwork of the orders to be created, and nothing else", () => {
    const summary = summariseSubmission(
      [
        {
          orderNumber: "A-1",
          candidate: candidate("2027-03-01"),
          estimate: 10,
          notes: [
            { rowNumber: 2, text: "Artwork found: PNG image.", code: "ARTWORK_FILE" },
            {
              rowNumber: 2,
              text: "400 × 300 px printed 4 × 4 in is 75 DPI; print shops ask for 300.",
              code: "ARTWORK_LOW_RESOLUTION",
            },
            { rowNumber: null, text: "No due date given.", code: "DUE_DATE_DEFAULTED" },
          ],
        },
        { orderNumber: "A-2", candidate: candidate("2027-03-02"), estimate: 5 },
      ],
      [],
    );
    expect(summary.artworkWarnings).toEqual([
      { orderNumber: "A-1", rowNumber: 2, text: "400 × 300 px printed 4 × 4 in is 75 DPI; print shops ask for 300." },
    ]);
    expect(summaryText(summary, words).at(-1)).toBe(
      "Artwork to look at (sent as it is): A-1, row 2: " +
        "400 × 300 px printed 4 × 4 in is 75 DPI; print shops ask for 300.",
    );
  });

  it("says nothing of artwork when there is nothing to look at", () => {
    const summary = summariseSubmission([{ orderNumber: "A-1", candidate: candidate("2027-03-01"), estimate: 1 }], []);
    expect(summary.artworkWarnings).toEqual([]);
    expect(summaryText(summary, words).join(" ")).not.toContain("Artwork");
  });
});
