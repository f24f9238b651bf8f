import { parseArgs, type ParseArgsConfig } from "node:util";

/**
 * An option's value: a flag is `true`; a value option its last value (given twice, the last one counts); a
 * repeatable option every value, in the order given.
 */
export type OptionValue = string | true | readonly string[];

/** Parsed command line: the command, its positional arguments and its `--options`. */
export interface CommandLine {
  readonly command: string | undefined;
  readonly positional: readonly string[];
  readonly options: ReadonlyMap<string, OptionValue>;
}

type OptionTable = NonNullable<ParseArgsConfig["options"]>;

const VALUE = { type: "string" } as const;
const FLAG = { type: "boolean" } as const;
/** An option that may be given more than once, each value kept. */
const REPEATED = { type: "string", multiple: true } as const;

/**
 * Every option of the command line, as the usage lists them. A command ignores those it has no
 * use for (one line can be run as `check` and as `submit`); any other is a usage error.
 */
export const OPTIONS = {
  help: FLAG,
  json: FLAG,
  connection: VALUE,
  sheet: VALUE,
  "header-row": VALUE,
  rows: VALUE,
  map: REPEATED,
  template: VALUE,
  "each-row-own-job": FLAG,
  "no-fill-down": FLAG,
  "no-validate": FLAG,
  "skip-artwork-check": FLAG,
  out: VALUE,
  utf8: FLAG,
  journal: VALUE,
  audit: VALUE,
  "allow-existing": FLAG,
  concurrency: VALUE,
  yes: FLAG,
  order: VALUE,
  process: VALUE,
  search: VALUE,
  "ordered-since": VALUE,
  "no-global": FLAG,
  stock: REPEATED,
} as const satisfies OptionTable;

/** What was wrong with a line parseArgs refused, in the user's words and naming the option. */
function usageError(argv: readonly string[]): string | undefined {
  const { tokens } = parseArgs({
    args: [...argv],
    options: OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const options: OptionTable = OPTIONS;
  const unknown = tokens.flatMap((token) =>
    token.kind === "option" && !Object.hasOwn(options, token.name) ? [token.rawName] : [],
  );
  if (unknown.length > 0) {
    const names = [...new Set(unknown)];
    return `Unknown option${names.length > 1 ? "s" : ""} ${names.join(" and ")}.`;
  }
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    const option = options[token.name];
    if (option?.type === "boolean" && token.value !== undefined) return `${token.rawName} takes no value.`;
    if (
      option?.type === "string" &&
      (token.value === undefined || (!token.inlineValue && token.value.startsWith("-")))
    ) {
      return `${token.rawName} needs a value.`;
    }
  }
  return undefined;
}

function parseStrictly(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: true });
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Reads `cmd a b --flag --name value --name=value` with `node:util`'s parseArgs, strictly: an
 * option the command line does not have, a value missing or a value given to a flag is a usage
 * error, said in a sentence that names the option.
 */
export function readCommandLine(
  argv: readonly string[],
): { readonly ok: true; readonly line: CommandLine } | { readonly ok: false; readonly message: string } {
  const read = parseStrictly(argv);
  if (read instanceof Error) return { ok: false, message: usageError(argv) ?? read.message };
  const options = new Map<string, OptionValue>();
  for (const [name, value] of Object.entries(read.values)) {
    if (typeof value === "string" || value === true) options.set(name, value);
    else if (Array.isArray(value))
      options.set(
        name,
        value.filter((item) => typeof item === "string"),
      );
  }
  return { ok: true, line: { command: read.positionals[0], positional: read.positionals.slice(1), options } };
}
