import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";

/**
 * Something tests need, started in a hook before each test (or once for the file) and closed
 * after, handed out through a getter that refuses to be read outside a test or hook. Closing
 * hooks run in the reverse order of starting ones, so what was started last is closed first.
 */
export function useResource<T>(
  scope: "each" | "all",
  name: string,
  start: () => Promise<T>,
  close: (resource: T) => Promise<unknown>,
): { readonly current: T } {
  const [before, after] = scope === "each" ? [beforeEach, afterEach] : [beforeAll, afterAll];
  let resource: T | undefined;
  before(async () => {
    resource = await start();
  });
  after(async () => {
    if (resource !== undefined) await close(resource);
    resource = undefined;
  });
  return {
    get current(): T {
      if (resource === undefined) throw new Error(`${name} is not ready: use it inside a test or hook.`);
      return resource;
    },
  };
}
