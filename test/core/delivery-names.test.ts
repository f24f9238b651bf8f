import { describe, expect, it } from "vitest";
import { readDeliveryOption } from "../../src/core/delivery-names";
import type { NameReading } from "../../src/core/name-reading";
import type { DeliveryOption } from "../../src/core/vendor";

const option = (code: string, label: string, isCollection = false): DeliveryOption => ({
  code,
  label,
  isCollection,
  rank: 1,
  gangRank: 1,
  value: code,
  deliveryLabelEnabled: true,
});

/** One vendor's options, written out. */
const SPELLED_OUT = [
  option("STD", "Standard Courier"),
  option("ON", "Overnight"),
  option("RURAL", "Rural Delivery"),
  option("PICKUP", "Pick-up", true),
];
/** Another's, abbreviated. */
const ABBREVIATED = [
  option("CPSTD", "Courier"),
  option("CPON", "O/N"),
  option("INTL", "Intl"),
  option("PU", "Pick-up", true),
];

const shown = (reading: NameReading<DeliveryOption>) =>
  reading.kind === "none" ? ["none"] : [reading.kind, reading.value.code];

describe("delivery options as sheets write them", () => {
  it.each([
    [SPELLED_OUT, "standard courier", "exact", "STD"],
    [SPELLED_OUT, "OVERNIGHT", "exact", "ON"],
    [SPELLED_OUT, "Pick-up", "exact", "PICKUP"],
    [SPELLED_OUT, "std", "exact", "STD"],
    [SPELLED_OUT, "Standard  Courier", "read", "STD"],
    [SPELLED_OUT, "Courier, standard", "read", "STD"],
    [SPELLED_OUT, "Std Courier", "read", "STD"],
    [SPELLED_OUT, "pick up", "read", "PICKUP"],
    [SPELLED_OUT, "PICKUP", "exact", "PICKUP"],
    [SPELLED_OUT, "Collection", "read", "PICKUP"],
    [SPELLED_OUT, "O/N", "read", "ON"],
    [SPELLED_OUT, "courier", "near", "STD"],
    [SPELLED_OUT, "Overnite", "near", "ON"],
    [SPELLED_OUT, "Rural", "exact", "RURAL"],
    [SPELLED_OUT, "rural delivery please", "near", "RURAL"],
    [ABBREVIATED, "OVERNIGHT", "read", "CPON"],
    [ABBREVIATED, "international", "read", "INTL"],
    [ABBREVIATED, "pick up", "read", "PU"],
    [ABBREVIATED, "standard courier", "near", "CPSTD"],
    [ABBREVIATED, "Courrier", "near", "CPSTD"],
    [ABBREVIATED, "carrier pigeon", "none", undefined],
    // Other languages' words.
    [SPELLED_OUT, "Abholung", "read", "PICKUP"],
    [ABBREVIATED, "Retrait", "read", "PU"],
    [ABBREVIATED, "Ritiro in sede", "read", "PU"],
    [ABBREVIATED, "Kurier", "read", "CPSTD"],
    [SPELLED_OUT, "Overnacht", "read", "ON"],
    [SPELLED_OUT, "Standard Kurier", "read", "STD"],
  ] as const)("%#: %s is %s %s", (options, text, kind, code) => {
    expect(shown(readDeliveryOption(text, options))).toEqual(code === undefined ? [kind] : [kind, code]);
  });
});
