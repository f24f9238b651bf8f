import { describe, expect, it } from "vitest";
import { readCommandLine } from "../../src/cli/args";
import { runCli } from "../../src/cli/main";

async function cli(...args: string[]) {
  let out = "";
  let err = "";
  // No vendor and no file is reached: every line here is refused, or answered, before either.
  const code = await runCli(
    args,
    (t) => (out += t),
    (t) => (err += t),
    { CONNECTIONS_FILE: "/nonexistent/connections.json" },
  );
  return { code, out, err };
}

describe("reading the command line", () => {
  it.each([
    {
      argv: ["inspect", "orders.csv", "--rows", "2", "--json"],
      line: {
        command: "inspect",
        positional: ["orders.csv"],
        options: [
          ["rows", "2"],
          ["json", true],
        ],
      },
    },
    {
      argv: ["check", "--header-row=3", "orders.csv", "--no-validate", "--out", "problems.csv"],
      line: {
        command: "check",
        positional: ["orders.csv"],
        options: [
          ["header-row", "3"],
          ["no-validate", true],
          ["out", "problems.csv"],
        ],
      },
    },
    {
      argv: [
        "submit",
        "orders.csv",
        "--connection",
        "demo",
        "--yes",
        "--concurrency",
        "8",
        "--allow-existing",
        "--each-row-own-job",
        "--utf8",
        "--journal",
        "j.jsonl",
        "--audit",
        "a.jsonl",
      ],
      line: {
        command: "submit",
        positional: ["orders.csv"],
        options: [
          ["connection", "demo"],
          ["yes", true],
          ["concurrency", "8"],
          ["allow-existing", true],
          ["each-row-own-job", true],
          ["utf8", true],
          ["journal", "j.jsonl"],
          ["audit", "a.jsonl"],
        ],
      },
    },
    {
      argv: ["jobs", "--connection", "demo", "--order", "KTP-1"],
      line: {
        command: "jobs",
        positional: [],
        options: [
          ["connection", "demo"],
          ["order", "KTP-1"],
        ],
      },
    },
    {
      argv: [
        "reorder-sheet",
        "--connection",
        "demo",
        "--process",
        "DTF",
        "--search",
        "otago",
        "--ordered-since",
        "2026-01-01",
        "--no-global",
        "--out",
        "x.xlsx",
      ],
      line: {
        command: "reorder-sheet",
        positional: [],
        options: [
          ["connection", "demo"],
          ["process", "DTF"],
          ["search", "otago"],
          ["ordered-since", "2026-01-01"],
          ["no-global", true],
          ["out", "x.xlsx"],
        ],
      },
    },
    {
      argv: ["inspect", "--sheet", "Orders", "--sheet", "Team", "orders.csv"],
      line: { command: "inspect", positional: ["orders.csv"], options: [["sheet", "Team"]] },
    },
    { argv: ["--help"], line: { command: undefined, positional: [], options: [["help", true]] } },
  ])("reads $argv", ({ argv, line }) => {
    const read = readCommandLine(argv);
    expect(read.ok && { ...read.line, options: [...read.line.options] }).toEqual(line);
  });

  it.each([
    [["inspect", "orders.csv", "--rowz", "2", "--jsno"], "Unknown options --rowz and --jsno."],
    [["submit", "orders.csv", "--yes=1"], "--yes takes no value."],
    [["check", "orders.csv", "--out"], "--out needs a value."],
    [["check", "orders.csv", "--out", "--json"], "--out needs a value."],
    [["check", "orders.csv", "-o", "x"], "Unknown option -o."],
  ])("refuses %j, naming the option", (argv, message) => {
    expect(readCommandLine(argv)).toEqual({ ok: false, message });
  });
});

describe("an option the command line does not have", () => {
  it.each([
    ["inspect", ["inspect", "orders.csv", "--rowz", "2"], "--rowz"],
    ["check", ["check", "orders.csv", "--no-validation"], "--no-validation"],
    ["submit", ["submit", "orders.csv", "--yes", "--connection", "demo", "--dry-run"], "--dry-run"],
    ["jobs", ["jobs", "--connection", "demo", "--orders", "X"], "--orders"],
    ["reorder-sheet", ["reorder-sheet", "--connection", "demo", "--out", "x.xlsx", "--global"], "--global"],
  ])("is a usage error for %s that names it", async (_command, argv, option) => {
    const run = await cli(...argv);
    expect(run.code).toBe(2);
    expect(run.out).toBe("");
    expect(run.err.split("\n")[0]).toBe(`Unknown option ${option}.`);
    expect(run.err).toContain("Usage:");
  });
});
