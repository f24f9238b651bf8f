import { readFileSync } from "node:fs";

/** The importer's version from package.json, recorded with every import made from the command line. */
export function appVersion(): string {
  try {
    return (
      (JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version?: string })
        .version ?? "unknown"
    );
  } catch {
    return "unknown";
  }
}
