// Prints one plain line totalling every test of the run: "N passed, N failed".
// A run that stopped before the tests (typecheck or build failing) counts as one failure; the lint
// (formatting, lint rules and line width), when its status is given, counts as one more check.
import { existsSync, readFileSync } from "node:fs";

const [file, status, lintStatus] = process.argv.slice(2);
let passed = 0;
let failed = 0;
if (file && existsSync(file)) {
  const report = JSON.parse(readFileSync(file, "utf8"));
  passed = report.numPassedTests ?? 0;
  failed = (report.numFailedTests ?? 0) + (report.numFailedTestSuites && !report.numFailedTests ? report.numFailedTestSuites : 0);
}
if (status !== "0" && failed === 0) failed = 1;
if (lintStatus === "0") passed += 1;
else if (lintStatus !== undefined) failed += 1;
console.log(`${passed} passed, ${failed} failed`);
