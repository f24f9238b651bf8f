import { describe, expect, it } from "vitest";
import { serialToDate } from "../../../src/sheet/read/xlsx/cell-values";
import {
  localIsoDateTime,
  machineZoneOffset,
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
