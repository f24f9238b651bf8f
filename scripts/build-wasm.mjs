/**
 * Builds our WebAssembly modules (AssemblyScript, under `wasm/`) into TypeScript files under `src/sheet/zip/`, which
 * are committed so that neither the app nor its tests need the compiler. `--check` builds them again and fails when a
 * committed file is not what its source builds to.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import asc from "assemblyscript/asc";

const root = fileURLToPath(new URL("..", import.meta.url));
const MODULES = [
  { source: "wasm/inflate/inflate.ts", target: "src/sheet/zip/wasm-inflater-bytes.ts", name: "INFLATER_WASM_BASE64" },
  { source: "wasm/deflate/deflate.ts", target: "src/sheet/zip/wasm-deflater-bytes.ts", name: "DEFLATER_WASM_BASE64" },
];
const LINE = 100;

async function build(source) {
  let binary;
  const errors = [];
  const { error } = await asc.main(
    [source, "--optimizeLevel", "3", "--shrinkLevel", "0", "--runtime", "stub", "--noAssert", "--outFile", "out.wasm"],
    {
      baseDir: root,
      readFile: (name, baseDir) => {
        try {
          return readFileSync(`${baseDir}/${name}`, "utf8");
        } catch {
          return null;
        }
      },
      writeFile: (name, contents) => {
        if (name.endsWith(".wasm")) binary = contents;
      },
      listFiles: () => [],
      stdout: { write: () => true },
      stderr: { write: (text) => errors.push(String(text)) },
    },
  );
  if (error || !binary) throw new Error(`${source} did not build:\n${errors.join("")}`);
  return binary;
}

function moduleText({ source, name }, binary) {
  const base64 = Buffer.from(binary).toString("base64");
  const lines = [];
  for (let at = 0; at < base64.length; at += LINE) lines.push(`  "${base64.slice(at, at + LINE)}"`);
  const header = `// Built by \`npm run build:wasm\` from ${source}: edit that, not this.\n`;
  return `${header}export const ${name} =\n${lines.join(" +\n")};\n`;
}

let stale = false;
for (const module of MODULES) {
  const text = moduleText(module, await build(module.source));
  const target = `${root}${module.target}`;
  if (!process.argv.includes("--check")) writeFileSync(target, text);
  else if (readFileSync(target, "utf8") !== text) {
    console.error(`${module.target} is not what ${module.source} builds to: run npm run build:wasm`);
    stale = true;
  }
}
if (stale) process.exit(1);
