import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, loadConnections } from "../../../src/server/proxy/connections";

const SECRET = "sup3r-s3cret-value-123";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "connections-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The entry's fields in file order, the secret among them; `fields` replaces or adds raw JSON values. */
function entryJson(fields: Record<string, string> = {}): string {
  const values: Record<string, string> = {
    name: '"main"',
    region: '"nz"',
    baseUrl: '"https://api.vendor.test/nz/api"',
    authUrl: '"https://auth.vendor.test/nz/auth"',
    realm: '"wholesale-nz"',
    clientSecret: JSON.stringify(SECRET),
    clientId: '"kiwi"',
    ...fields,
  };
  return `{\n${Object.entries(values)
    .map(([key, value]) => `    "${key}": ${value}`)
    .join(",\n")}\n  }`;
}

function loadFile(text: string): ConfigError {
  const file = join(dir, "connections.json");
  writeFileSync(file, text);
  try {
    loadConnections({ CONNECTIONS_FILE: file });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(file);
    return error as ConfigError;
  }
  throw new Error("the file was accepted");
}

/** Every 6-character piece of the secret, so that a quoted snippet is caught as well as the whole. */
function expectNoPartOf(message: string, secret: string): void {
  for (let i = 0; i + 6 <= secret.length; i++) expect(message).not.toContain(secret.slice(i, i + 6));
}

describe("loadConnections with a malformed file", () => {
  it("reads a well-formed file", () => {
    const file = join(dir, "connections.json");
    writeFileSync(file, `{ "connections": [${entryJson()}] }`);
    expect(loadConnections({ CONNECTIONS_FILE: file })).toEqual([
      expect.objectContaining({ name: "main", clientId: "kiwi", clientSecret: SECRET }),
    ]);
  });

  it("says where a syntax error right after the secret is, without quoting the file", () => {
    const text = `{ "connections": [${entryJson()}] }`.replace(`"${SECRET}",`, `"${SECRET}" x`);
    const { message } = loadFile(text);
    expect(message).toMatch(/is not valid JSON at line 7, column 46$/);
    expectNoPartOf(message, SECRET);
  });

  it("says only that the file is not JSON when the parser gives no position", () => {
    const { message } = loadFile(`{ "connections": [${entryJson({ clientSecret: SECRET })}] }`);
    expect(message).toMatch(/is not valid JSON$/);
    expectNoPartOf(message, SECRET);
  });

  it("names a field of the wrong type next to the secret without its value", () => {
    const { message } = loadFile(`{ "connections": [${entryJson({ clientId: "424242424242" })}] }`);
    expect(message).toMatch(/connections\.0\.clientId: .*expected string/);
    expect(message).not.toContain("424242");
    expectNoPartOf(message, SECRET);
  });

  it("names a secret of the wrong type without its value", () => {
    const { message } = loadFile(`[${entryJson({ clientSecret: "123456789" })}]`);
    expect(message).toMatch(/0\.clientSecret: .*expected string/);
    expectNoPartOf(message, "123456789");
  });

  it("names a malformed address next to the secret without its value", () => {
    const { message } = loadFile(`[${entryJson({ authUrl: JSON.stringify(`${SECRET} is no address`) })}]`);
    expect(message).toMatch(/0\.authUrl: /);
    expectNoPartOf(message, SECRET);
  });
});

describe("loadConnections never repeats a value that may be a secret", () => {
  it("names a clientSecretEnv that holds the secret itself instead of a variable's name, without the value", () => {
    const entry = entryJson({ clientSecret: "null", clientSecretEnv: '"s3cr3t-value-xyz"' });
    const { message } = loadFile(`[${entry.replace(`"clientSecret": null,\n`, "")}]`);
    expect(message).toMatch(/0\.clientSecretEnv: must name an environment variable/);
    expectNoPartOf(message, "s3cr3t-value-xyz");
  });

  it("says the variable clientSecretEnv names is not set, without naming it", () => {
    const file = join(dir, "connections.json");
    writeFileSync(
      file,
      `[${entryJson({ clientSecretEnv: '"NZSECRETXYZ123"' }).replace(/\s+"clientSecret": [^\n]*\n/, "\n")}]`,
    );
    const error = (() => {
      try {
        loadConnections({ CONNECTIONS_FILE: file });
      } catch (thrown) {
        return thrown;
      }
      throw new Error("the file was accepted");
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toBe(
      'Connection "main": the environment variable that clientSecretEnv names is not set, or is empty',
    );
    expect(loadConnections({ CONNECTIONS_FILE: file, NZSECRETXYZ123: SECRET })).toEqual([
      expect.objectContaining({ clientSecret: SECRET }),
    ]);
  });

  it("leaves the value of a setting it does not know out of its message", () => {
    const { message } = loadFile(
      `[${entryJson({ clientSecrett: JSON.stringify(SECRET) }).replace(/\s+"clientSecret": [^\n]*\n/, "\n")}]`,
    );
    expect(message).toMatch(/needs clientSecret or clientSecretEnv/);
    expectNoPartOf(message, SECRET);
  });

  it.each(["baseUrl", "authUrl"])(
    "refuses a %s with a user name and password in it, without repeating them",
    (field) => {
      const { message } = loadFile(
        `[${entryJson({ [field]: JSON.stringify(`https://kiwi:${SECRET}@api.vendor.test/nz/api`) })}]`,
      );
      expect(message).toMatch(new RegExp(`0\\.${field}: must not hold a user name or password`));
      expectNoPartOf(message, SECRET);
      expect(message).not.toContain("kiwi:");
    },
  );

  it("refuses VENDOR_BASE_URL and VENDOR_AUTH_URL with a password in them, naming the variable", () => {
    const env = {
      VENDOR_REGION: "nz",
      VENDOR_REALM: "r",
      VENDOR_CLIENT_ID: "kiwi",
      VENDOR_CLIENT_SECRET: "x",
      VENDOR_AUTH_URL: "https://auth.vendor.test/",
    };
    for (const [name, value] of [
      ["VENDOR_BASE_URL", `https://kiwi:${SECRET}@api.vendor.test/`],
      ["VENDOR_AUTH_URL", `https://:${SECRET}@auth.vendor.test/`],
    ] as const) {
      let message = "";
      try {
        loadConnections({ VENDOR_BASE_URL: "https://api.vendor.test/", ...env, [name]: value });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(new RegExp(`^VENDOR_\\* settings: ${name}: must not hold a user name or password`));
      expectNoPartOf(message, SECRET);
    }
  });
});
