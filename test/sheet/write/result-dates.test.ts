import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { serialToDate } from "../../../src/sheet/read/xlsx/cell-values";
import {
  localIsoDateTime,
  machineZoneOffset,
  momentOf,
  resultDateSerial,
  resultDateText,
} from "../../../src/sheet/write/result-dates";

/** Auckland's offset: +13:00 in its summer (from late September), +12:00 in its winter. */
const auckland = (at: Date) => (at.getUTCMonth() >= 3 && at.getUTCMonth() < 8 ? 720 : 780);
const SUBMITTED = "2026-11-25T01:03:00.000Z";

describe("a moment in the result sheet's local time", () => {
  it.each([
    ["New Zealand in summer", auckland, SUBMITTED, "2026-11-25T14:03:00+13:00"],
    ["New Zealand in winter", auckland, "2026-06-10T23:30:59.900Z", "2026-06-11T11:30:59+12:00"],
    ["UTC", () => 0, SUBMITTED, "2026-11-25T01:03:00+00:00"],
    ["Newfoundland, back across midnight", () => -210, "2026-11-25T01:03:00Z", "2026-11-24T21:33:00-03:30"],
    ["India", () => 330, "2026-12-31T20:00:00Z", "2027-01-01T01:30:00+05:30"],
  ])("in %s", (_zone, zone, at, expected) => {
    expect(localIsoDateTime(new Date(at), zone)).toBe(expected);
    expect(resultDateText({ kind: "date-time", at }, zone)).toBe(expected);
  });

  it("is the machine's own zone unless told, with its offset at that moment", () => {
    const at = new Date(SUBMITTED);
    expect(machineZoneOffset(at)).toBe(-at.getTimezoneOffset());
    const local = resultDateText({ kind: "date-time", at: SUBMITTED });
    expect(local).toBe(localIsoDateTime(at, () => -at.getTimezoneOffset()));
    // Read back, it is the same moment.
    expect(new Date(local).toISOString()).toBe(SUBMITTED);
  });

  it("writes a day as it is, and a moment that is not one as its text", () => {
    expect(resultDateText({ kind: "date", day: "2027-03-01" }, auckland)).toBe("2027-03-01");
    expect(resultDateText({ kind: "date-time", at: "soon" }, auckland)).toBe("soon");
  });
});

describe("a date as a workbook's serial number", () => {
  it("puts a moment at its local wall-clock time, to the second, as Excel counts days", () => {
    const serial = resultDateSerial({ kind: "date-time", at: SUBMITTED }, false, auckland);
    expect(serialToDate(serial ?? Number.NaN, false).toISOString()).toBe("2026-11-25T14:03:00.000Z");
    expect(resultDateSerial({ kind: "date-time", at: "2026-11-25T01:03:00.400Z" }, false, auckland)).toBe(serial);
  });

  it("puts a day at its midnight, in the 1900 and the 1904 date systems", () => {
    expect(resultDateSerial({ kind: "date", day: "2027-03-01" }, false, auckland)).toBe(46_447);
    expect(resultDateSerial({ kind: "date", day: "2027-03-01" }, true, auckland)).toBe(46_447 - 1_462);
    expect(serialToDate(46_447 - 1_462, true).toISOString()).toBe("2027-03-01T00:00:00.000Z");
  });

  it("has none for a moment that is not one", () => {
    expect(resultDateSerial({ kind: "date-time", at: "soon" }, false, auckland)).toBeNull();
  });
});

describe("momentOf: a moment's text read as Date.parse reads it", () => {
  it.each([
    ["2026-11-25T01:03:00.000Z", Date.UTC(2026, 10, 25, 1, 3)],
    ["2026-11-25T14:03:00+13:00", Date.UTC(2026, 10, 25, 1, 3)],
    ["2026-11-24T21:33:00-03:30", Date.UTC(2026, 10, 25, 1, 3)],
    ["2026-02-28T23:59:59.999Z", Date.UTC(2026, 1, 28, 23, 59, 59, 999)],
  ])("reads %s", (text, expected) => {
    expect(momentOf(text)).toBe(expected);
  });

  it("agrees with Date.parse on texts made like the vendor's, and on texts that are not", () => {
    const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, "0"));
    const moment = fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, "0")),
        two(13),
        two(32),
        two(25),
        two(60),
        two(60),
        fc.constantFrom("", ".000", ".5", ".123", ".1234", ".9999"),
        fc.constantFrom("Z", "z", "+13:00", "-03:30", "+05:45", "+1300", "-00:00", "+24:00", "+12:60", ""),
        fc.constantFrom("T", " ", "t"),
      )
      .map(([y, mo, d, h, mi, s, fraction, zone, t]) => `${y}-${mo}-${d}${t}${h}:${mi}:${s}${fraction}${zone}`);
    const mangled = fc
      .tuple(moment, fc.nat(30), fc.constantFrom("", "x", "-", ":", "0", "Z"))
      .map(([text, at, put]) => text.slice(0, at) + put + text.slice(at + 1));
    fc.assert(
      fc.property(fc.oneof(moment, mangled), (text) => {
        expect(momentOf(text)).toBe(Date.parse(text));
      }),
      { numRuns: 5000 },
    );
  });
});
