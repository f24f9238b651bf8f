import preact from "@preact/preset-vite";
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { defineConfig, type Plugin } from "vite";

/** `npm run dev`: the same token proxy (and embedded simulator) as `npm start`, as middleware. */
function tokenProxy(): Plugin {
  return {
    name: "token-proxy",
    apply: "serve",
    async configureServer(server) {
      const module = await server.ssrLoadModule("/src/server/dev-proxy.ts");
      const handle = (await module["startDevProxy"](process.env)) as (
        req: IncomingMessage,
        res: ServerResponse,
      ) => Promise<boolean>;
      server.middlewares.use((req, res, next) => {
        handle(req, res).then((handled) => handled || next(), next);
      });
    },
  };
}

/** The importer's version, as package.json gives it, for the audit trail of every import. */
const version = (JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string })
  .version;

export default defineConfig({
  plugins: [preact(), tokenProxy()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  worker: { format: "es" },
  // exceljs (about 900 kB) is its own chunk, loaded only by the sheet worker and only for XLSX.
  build: { target: "es2022", sourcemap: true, chunkSizeWarningLimit: 1024 },
  server: { host: "127.0.0.1" },
});
