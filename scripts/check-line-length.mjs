// Fails when a line of the project's own code runs past 120 characters: the formatter keeps code within
// that width, but cannot break a long string or a test's name, so those are kept short by hand.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const MAX = 120;
const files = execFileSync("git", ["ls-files", "src", "test", "workers", "scripts", "samples", "wasm"], {
  encoding: "utf8",
})
  .split("\n")
  .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !file.startsWith("test/fixtures/"));
const long = [];
for (const file of files) {
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((line, index) => {
      if (line.length > MAX) long.push(`${file}:${index + 1} is ${line.length} characters`);
    });
}
if (long.length > 0) {
  console.error(`${long.length} lines are longer than ${MAX} characters:\n${long.join("\n")}`);
  process.exit(1);
}
console.log(`No line is longer than ${MAX} characters.`);
