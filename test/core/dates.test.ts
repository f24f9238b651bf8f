import { describe, expect, it } from "vitest";
import { dateOrderFor, parseDueDate, type DateOrder } from "../../src/core/dates";
import { longDate, monthOf } from "../../src/core/month-names";

describe("due dates as sheets write them", () => {
  it.each([
    ["2027-04-03", "day-first", "2027-04-03"],
    ["2027-04-03T00:00:00Z", "day-first", "2027-04-03"],
    ["2027/04/03", "month-first", "2027-04-03"],
    ["46480", "day-first", "2027-04-03"],
    ["46480.75", "day-first", "2027-04-03"],
    ["15/03/2027", "month-first", "2027-03-15"],
    ["03/15/2027", "day-first", "2027-03-15"],
    ["15.3.2027", "day-first", "2027-03-15"],
    ["15-3-27", "month-first", "2027-03-15"],
    ["3 Apr 2027", "month-first", "2027-04-03"],
    ["3rd April 2027", "day-first", "2027-04-03"],
    ["3-Apr-27", "day-first", "2027-04-03"],
    ["Apr 3, 2027", "day-first", "2027-04-03"],
    ["April 3rd 2027", "day-first", "2027-04-03"],
    ["3. April 2027", "day-first", "2027-04-03"],
    ["3. März 2027", "day-first", "2027-03-03"],
    ["3. Mrz. 2027", "day-first", "2027-03-03"],
    ["3 avril 2027", "day-first", "2027-04-03"],
    ["1er août 2027", "day-first", "2027-08-01"],
    ["3 févr. 2027", "day-first", "2027-02-03"],
    ["3 juil. 2027", "day-first", "2027-07-03"],
    ["3 de abril de 2027", "day-first", "2027-04-03"],
    ["3 de dic. de 2027", "day-first", "2027-12-03"],
    ["3 dic 2027", "day-first", "2027-12-03"],
    ["3 dec 2027", "day-first", "2027-12-03"],
    ["3 aprile 2027", "day-first", "2027-04-03"],
    ["3 maggio 2027", "day-first", "2027-05-03"],
    ["3 april 2027", "day-first", "2027-04-03"],
    ["3 mei 2027", "day-first", "2027-05-03"],
    ["3 mrt 2027", "day-first", "2027-03-03"],
    ["3 okt. 2027", "day-first", "2027-10-03"],
    ["3 Sept 2027", "day-first", "2027-09-03"],
    // The calendar's edges: leap days, the last day of each kind of month.
    ["2028-02-29", "day-first", "2028-02-29"],
    ["29/02/2000", "day-first", "2000-02-29"],
    ["2027-04-30", "day-first", "2027-04-30"],
    ["2027-12-31", "day-first", "2027-12-31"],
    ["31 Jan 27", "day-first", "2027-01-31"],
  ] as const)("%s (%s) is %s", (text, order, date) => {
    expect(parseDueDate(text, order as DateOrder)).toEqual({ ok: true, date });
  });

  it.each([
    ["03/04/2027", "day-first", "2027-04-03", "2027-03-04"],
    ["03/04/2027", "month-first", "2027-03-04", "2027-04-03"],
    ["3.4.27", "day-first", "2027-04-03", "2027-03-04"],
  ] as const)("%s (%s) is %s, and could be %s", (text, order, date, other) => {
    expect(parseDueDate(text, order)).toEqual({ ok: true, date, ambiguousWith: other });
  });

  it.each([
    "next Tuesday",
    "31/02/2027",
    "3 jui 2027",
    "3 Foo 2027",
    "12345",
    "2027-13-01",
    "3 de 2027",
    "2027-02-29",
    "2100-02-29",
    "2027-04-31",
    "2027-00-10",
    "2027-01-00",
  ])("%s is no date", (text) => {
    expect(parseDueDate(text, "day-first")).toEqual({ ok: false });
  });
});

describe("month names", () => {
  it.each([
    ["January", 1],
    ["Januar", 1],
    ["janvier", 1],
    ["enero", 1],
    ["gennaio", 1],
    ["januari", 1],
    ["Mär", 3],
    ["maart", 3],
    ["juin", 6],
    ["juillet", 7],
    ["août", 8],
    ["Aout", 8],
    ["agosto", 8],
    ["set", 9],
    ["Sept", 9],
    ["okt", 10],
    ["déc", 12],
    ["Dez", 12],
  ] as const)("%s is month %i", (word, month) => {
    expect(monthOf(word)).toBe(month);
  });

  it.each(["jui", "ma", "ju", "xyz"])("%s is no month", (word) => {
    expect(monthOf(word)).toBeUndefined();
  });

  it("writes a date out for a message", () => {
    expect(longDate("2027-04-03")).toBe("3 April 2027");
  });
});

describe("which way round a country writes day and month", () => {
  it.each([
    ["US", "month-first"],
    ["us", "month-first"],
    ["PR", "month-first"],
    ["PH", "month-first"],
    ["NZ", "day-first"],
    ["GB", "day-first"],
    ["DE", "day-first"],
    [null, "day-first"],
    [undefined, "day-first"],
  ] as const)("%s writes %s", (code, order) => {
    expect(dateOrderFor(code)).toBe(order);
  });
});
