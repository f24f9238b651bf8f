import { describe, expect, it } from "vitest";
import { neutraliseFormula } from "../../src/core/spreadsheet-safety";

describe("neutraliseFormula", () => {
  it.each([
    { description: "a formula", input: "=SUM(A1)", expected: "'=SUM(A1)" },
    { description: "a plus sign before text", input: "+64 21 555", expected: "'+64 21 555" },
    { description: "a minus sign before text", input: "- bullet", expected: "'- bullet" },
    { description: "an at sign", input: "@cmd", expected: "'@cmd" },
    { description: "a leading tab", input: "\tx", expected: "'\tx" },
    { description: "a leading carriage return", input: "\r=1+1", expected: "'\r'=1+1" },
    { description: "a leading line feed", input: "\nx", expected: "'\nx" },
    { description: "a formula on the first of two lines", input: "=1+1\nsecond line", expected: "'=1+1\nsecond line" },
    { description: "a formula after a line feed", input: "ok\n=1+1", expected: "ok\n'=1+1" },
    { description: "a formula after CRLF", input: "ok\r\n=1+1", expected: "ok\r\n'=1+1" },
    { description: "a formula after a lone CR", input: "ok\r@cmd", expected: "ok\r'@cmd" },
    { description: "a tab after a line break", input: "ok\n\tx", expected: "ok\n'\tx" },
    { description: "every formula line", input: "a\n+b\n-c\nd", expected: "a\n'+b\n'-c\nd" },
    { description: "a formula after a blank line", input: "a\n\n=1", expected: "a\n\n'=1" },
    { description: "a formula on both ends", input: "=1\n=2", expected: "'=1\n'=2" },
    { description: "a negative number", input: "-5", expected: "-5" },
    { description: "a signed decimal", input: "+3.2", expected: "+3.2" },
    { description: "an exponent", input: "-1.5e3", expected: "-1.5e3" },
    { description: "a number on a later line", input: "total\n-5", expected: "total\n-5" },
    { description: "a number then a formula line", input: "-5\n=1", expected: "'-5\n'=1" },
    { description: "a formula character inside a line", input: "a=b", expected: "a=b" },
    { description: "a formula after a semicolon (quoting keeps it in its cell)", input: "a;=1+1", expected: "a;=1+1" },
    { description: "plain text", input: "plain", expected: "plain" },
    { description: "empty text", input: "", expected: "" },
  ])("$description: $input", ({ input, expected }) => {
    expect(neutraliseFormula(input)).toBe(expected);
  });
});
