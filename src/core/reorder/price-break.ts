import { round2 } from "../estimate";
import type { PriceBand } from "../vendor";
import { sortedBands } from "./asset-catalogue";

/** A quantity just under a cheaper band: how many more reach it, and what that does to the line. */
export interface PriceBreakHint {
  readonly quantity: number;
  readonly extra: number;
  /** The next band's `from`: the quantity that reaches it. */
  readonly nextQuantity: number;
  readonly unitPrice: number;
  readonly nextUnitPrice: number;
  /**
   * The line at the quantity asked for, and at the next band's quantity (unit prices only: a reset or setup is the same
   * either way).
   */
  readonly total: number;
  readonly nextTotal: number;
  /** `total − nextTotal`: positive when the bigger line costs less. */
  readonly saving: number;
}

/**
 * "Just under" is within this share of the next band's quantity (at least one unit): 45–49 under 50, 90–99 under 100.
 */
const NEAR_SHARE = 0.1;

/**
 * The hint for a quantity just under the next, cheaper band, or undefined: below the minimum
 * (that is an error of its own), in the top band, far from the next band, or when the next
 * band is not cheaper per unit.
 */
export function priceBreakHint(bands: readonly PriceBand[], quantity: number): PriceBreakHint | undefined {
  if (!Number.isInteger(quantity) || quantity < 1) return undefined;
  const sorted = sortedBands(bands);
  const first = sorted[0];
  if (first === undefined || quantity < first.from) return undefined;
  let current: PriceBand | undefined;
  for (const band of sorted) if (band.from <= quantity) current = band;
  const next = sorted.find((band) => band.from > quantity);
  if (current === undefined || next === undefined || next.unitPrice >= current.unitPrice) return undefined;
  const extra = next.from - quantity;
  if (extra > Math.max(1, Math.ceil(next.from * NEAR_SHARE))) return undefined;
  const total = round2(current.unitPrice * quantity);
  const nextTotal = round2(next.unitPrice * next.from);
  return {
    quantity,
    extra,
    nextQuantity: next.from,
    unitPrice: current.unitPrice,
    nextUnitPrice: next.unitPrice,
    total,
    nextTotal,
    saving: round2(total - nextTotal),
  };
}

/**
 * The hint in the user's words: "5 more reaches the next band (50 or more at $0.93 each): saves $0.30 on this line."
 */
export function priceBreakText(hint: PriceBreakHint, money: (amount: number) => string): string {
  const reach =
    `${hint.extra} more reaches the next band (${hint.nextQuantity} or more ` + `at ${money(hint.nextUnitPrice)} each)`;
  if (hint.saving > 0) return `${reach}: saves ${money(hint.saving)} on this line.`;
  if (hint.saving === 0) return `${reach}: the line costs the same with ${hint.extra} more.`;
  return `${reach}: ${hint.extra} more for ${money(-hint.saving)} more on this line.`;
}
