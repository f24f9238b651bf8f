/**
 * Builds the WebAssembly inflater (`wasm/inflate/inflate.ts`, AssemblyScript) into
 * `src/sheet/zip/wasm-inflater-bytes.ts`, which is committed so that neither the app nor its tests need the compiler.
 * `--check` builds it again and fails when the committed bytes are not what the source builds to.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import asc from "assemblyscript/asc";

const root = fileURLToPath(new URL("..", import.meta.url));
const SOURCE = "wasm/inflate/inflate.ts";
const TARGET = `${root}src/sheet/zip/wasm-inflater-bytes.ts`;
const LINE = 100;

export async function buildInflater() {
  let binary;
  const errors = [];
  const { error } = await asc.main(
    [
      SOURCE,
      "--optimizeLevel",
      "3",
      "--shrinkLevel",
      "0",
      "--runtime",
      "stub",
      "--noAssert",
      "--outFile",
      "inflate.wasm",
    ],
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
  if (error || !binary) throw new Error(`${SOURCE} did not build:\n${errors.join("")}`);
  return binary;
}

export function moduleText(binary) {
  const base64 = Buffer.from(binary).toString("base64");
  const lines = [];
  for (let at = 0; at < base64.length; at += LINE) lines.push(`  "${base64.slice(at, at + LINE)}"`);
  return (
    `// Built by \`npm run build:wasm\` from ${SOURCE}: edit that, not this.\n` +
    "export const INFLATER_WASM_BASE64 =\n" +
    `${lines.join(" +\n")};\n`
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = moduleText(await buildInflater());
  if (process.argv.includes("--check")) {
    if (readFileSync(TARGET, "utf8") !== text) {
      console.error(`${TARGET} is not what ${SOURCE} builds to: run npm run build:wasm`);
      process.exit(1);
    }
  } else writeFileSync(TARGET, text);
}
