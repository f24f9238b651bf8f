import { describe, expect, it } from "vitest";
import { shouldFocusGridAfter } from "../../../src/app/steps/side-panel-focus";

const button = { name: "the button clicked" };
const field = { name: "another field" };
const body = { name: "the page" };

describe("shouldFocusGridAfter", () => {
  it.each([
    { description: "focus is still on the button clicked", focused: button, expected: true },
    {
      description: "the button went away with the problem it fixed: focus fell to the page",
      focused: body,
      expected: true,
    },
    { description: "nothing has focus", focused: null, expected: true },
    { description: "the user has gone on to type in another field", focused: field, expected: false },
  ])("$description: $expected", ({ focused, expected }) => {
    expect(shouldFocusGridAfter(button, focused, body)).toBe(expected);
  });

  it("gives focus back after Enter in a field once the change is saved, while focus is still in that field", () => {
    expect(shouldFocusGridAfter(field, field, body)).toBe(true);
  });
});
