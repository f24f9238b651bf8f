import axe from "axe-core";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The rules every screen is held to: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] as const;

/** One broken rule, as axe reports it, with the elements it found it on. */
export interface AxeViolation {
  readonly id: string;
  readonly impact: string;
  readonly help: string;
  readonly targets: readonly string[];
}

/**
 * Runs axe-core over the page as it is now and answers what it found. axe is put in the page
 * through the browser's own evaluation, which the app's Content-Security-Policy does not stop.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const present = await page.evaluate(() => "axe" in window);
  if (!present) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const { axe: run } = window as unknown as { readonly axe: typeof axe };
    const results = await run.run(document, {
      runOnly: { type: "tag", values: [...tags] },
      resultTypes: ["violations"],
    });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? "unknown",
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(" ")),
    }));
  }, TAGS);
}

/** One line per broken rule: its id, impact and help, then where. */
export function describeViolations(violations: readonly AxeViolation[]): string {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.targets.join("\n    ")}`).join("\n");
}

/** Fails, naming each rule broken and where, unless axe finds nothing on the screen as it is now. */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations.length === 0 ? "" : `axe found on the ${screen} screen:\n${describeViolations(violations)}`).toBe(
    "",
  );
}
