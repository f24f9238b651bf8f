// Makes sure Debian's Chromium is present for the browser tests, installing it when it is
// missing and this user may. Never downloads a browser of its own; a missing one fails the run.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (!isRoot || !existsSync("/usr/bin/apt-get")) {
  console.error(`Chromium is missing at ${path}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
console.log("Installing Debian's Chromium for the browser tests…");
const apt = (args) =>
  execFileSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
try {
  apt(["install", "-y", "--no-install-recommends", "chromium"]);
} catch {
  apt(["update"]);
  apt(["install", "-y", "--no-install-recommends", "chromium"]);
}
if (!existsSync(path)) {
  console.error(`Chromium was installed but is not at ${path}.`);
  process.exit(1);
}
