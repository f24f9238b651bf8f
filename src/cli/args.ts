/** Parsed command line: the command, its positional arguments and its `--options`. */
export interface CommandLine {
  readonly command: string | undefined;
  readonly positional: readonly string[];
  readonly options: ReadonlyMap<string, string | true>;
}

/** Reads `cmd a b --flag --name value --name=value`. */
export function parseArgs(argv: readonly string[]): CommandLine {
  const positional: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    const next = argv[i + 1];
    if (inline !== undefined) options.set(name, inline);
    else if (next !== undefined && !next.startsWith("--") && VALUE_OPTIONS.has(name)) {
      options.set(name, next);
      i++;
    } else options.set(name, true);
  }
  return { command: positional[0], positional: positional.slice(1), options };
}

/** Options that take a value; any other `--name` is a flag. */
const VALUE_OPTIONS = new Set(["sheet", "header-row", "rows", "connection", "journal", "out", "audit", "concurrency", "order", "process", "search", "ordered-since"]);
