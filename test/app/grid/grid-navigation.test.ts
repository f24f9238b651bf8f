import { describe, expect, it } from "vitest";
import {
  commandFor,
  landingRow,
  rangeOf,
  type GridSelection,
  type KeyPress,
} from "../../../src/app/grid/grid-navigation";
import { formatTsv, parseTsv } from "../../../src/app/grid/tsv";

const at = (row: number, column: number): GridSelection => ({ active: { row, column }, anchor: { row, column } });
const size = { rows: 100, columns: 5, pageRows: 20 };

describe("keys in the grid", () => {
  it.each<[string, KeyPress, GridSelection, unknown]>([
    ["arrow down", { key: "ArrowDown" }, at(3, 2), { kind: "move", selection: at(4, 2) }],
    ["arrow up stops at the top", { key: "ArrowUp" }, at(0, 2), { kind: "move", selection: at(0, 2) }],
    [
      "shift extends the selection",
      { key: "ArrowRight", shift: true },
      at(3, 2),
      { kind: "move", selection: { active: { row: 3, column: 3 }, anchor: { row: 3, column: 2 } } },
    ],
    ["tab moves along the row", { key: "Tab" }, at(3, 2), { kind: "move", selection: at(3, 3) }],
    ["shift+tab moves back along it", { key: "Tab", shift: true }, at(3, 2), { kind: "move", selection: at(3, 1) }],
    ["home and end", { key: "End" }, at(3, 1), { kind: "move", selection: at(3, 4) }],
    ["ctrl+home", { key: "Home", mod: true }, at(30, 3), { kind: "move", selection: at(0, 0) }],
    ["ctrl+end", { key: "End", mod: true }, at(3, 1), { kind: "move", selection: at(99, 4) }],
    ["page down", { key: "PageDown" }, at(90, 1), { kind: "move", selection: at(99, 1) }],
    ["enter edits", { key: "Enter" }, at(3, 1), { kind: "edit" }],
    ["F2 edits", { key: "F2" }, at(3, 1), { kind: "edit" }],
    ["a character starts editing with it", { key: "x" }, at(3, 1), { kind: "edit", initial: "x" }],
    ["delete clears", { key: "Delete" }, at(3, 1), { kind: "clear" }],
    ["ctrl+z undoes", { key: "z", mod: true }, at(3, 1), { kind: "undo" }],
    ["ctrl+shift+z redoes", { key: "Z", mod: true, shift: true }, at(3, 1), { kind: "redo" }],
    ["ctrl+y redoes", { key: "y", mod: true }, at(3, 1), { kind: "redo" }],
    ["ctrl+d fills down", { key: "d", mod: true }, at(3, 1), { kind: "fill-down" }],
    ["F8 goes to the next problem", { key: "F8" }, at(3, 1), { kind: "next-problem", direction: 1 }],
    ["shift+F8 to the previous", { key: "F8", shift: true }, at(3, 1), { kind: "next-problem", direction: -1 }],
  ])("%s", (_name, press, selection, expected) => {
    expect(commandFor(press, selection, size)).toEqual(expected);
  });

  it("leaves Tab past a row's ends to the page, so it leaves the grid from any row, and other keys alone", () => {
    expect(commandFor({ key: "Tab" }, at(3, 4), size)).toBeUndefined();
    expect(commandFor({ key: "Tab", shift: true }, at(3, 0), size)).toBeUndefined();
    expect(commandFor({ key: "Tab" }, at(99, 4), size)).toBeUndefined();
    expect(commandFor({ key: "Shift" }, at(3, 1), size)).toBeUndefined();
    expect(commandFor({ key: "c", mod: true }, at(3, 1), size)).toBeUndefined();
  });

  it("turns a selection into a rectangle whichever corner is active", () => {
    expect(rangeOf({ active: { row: 2, column: 1 }, anchor: { row: 5, column: 3 } })).toEqual({
      top: 2,
      bottom: 5,
      left: 1,
      right: 3,
    });
  });
});

describe("where a move to a row lands", () => {
  it.each([
    [
      "the row at that position: the row itself, or the one now in its place when a fix took it out of the filter",
      4,
      10,
      4,
    ],
    ["the last row, when a fix took the last one out of the filter", 3, 3, 2],
    ["the last row, when the position is past the end", 12, 10, 9],
    ["the position as it is, while no rows are known yet", 5, 0, 5],
  ])("%s", (_description, position, rows, expected) => {
    expect(landingRow(position, rows)).toBe(expected);
  });
});

describe("tab-separated clipboard text", () => {
  it.each<[string, string, string[][]]>([
    [
      "two lines of two cells, as Excel ends them",
      "a\tb\r\nc\td\r\n",
      [
        ["a", "b"],
        ["c", "d"],
      ],
    ],
    ["one cell, no line end", "42", [["42"]]],
    ["a blank cell keeps its place", "a\t\tc\n", [["a", "", "c"]]],
    [
      "quoted cells with a line break, a tab and doubled quotes",
      '"two\nlines"\t"x\ty"\t"say ""hi"""\n',
      [["two\nlines", "x\ty", 'say "hi"']],
    ],
  ])("reads %s", (_name, text, rows) => {
    expect(parseTsv(text)).toEqual(rows);
  });

  it("writes what it reads", () => {
    const rows = [
      ["plain", "two\nlines", 'a "quote"'],
      ["", "tab\there", "x"],
    ];
    expect(parseTsv(formatTsv(rows))).toEqual(rows);
    expect(
      formatTsv([
        ["a", "b"],
        ["c", "d"],
      ]),
    ).toBe("a\tb\r\nc\td");
  });
});
