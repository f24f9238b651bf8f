import { appendFile, open, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readAtMost } from "../../src/cli/read-sheet-file";
import { scratchFolder } from "../helpers/submit-session";
import { useResource } from "../helpers/use-resource";

const folder = useResource("each", "The scratch folder", scratchFolder, (made) => made.cleanup());

describe("reading a file at most so far", () => {
  it("reads a file to its end when it is within the limit, and a file exactly at the limit", async () => {
    const path = join(folder.current.path, "orders.csv");
    await writeFile(path, "Order,Qty\nA-1,2\n");
    for (const limit of [1000, 16]) {
      const handle = await open(path, "r");
      try {
        expect(Buffer.from((await readAtMost(handle, limit, 16)) ?? "over").toString()).toBe("Order,Qty\nA-1,2\n");
      } finally {
        await handle.close();
      }
    }
  });

  it("gives up one byte past the limit on a file that grew after its size was taken", async () => {
    const path = join(folder.current.path, "orders.csv");
    await writeFile(path, "Order,Qty\n");
    const handle = await open(path, "r");
    try {
      const sizeWhenLooked = (await handle.stat()).size;
      await appendFile(path, "A-1,2\n".repeat(1000));
      expect(await readAtMost(handle, 100, sizeWhenLooked)).toBeUndefined();
    } finally {
      await handle.close();
    }
  });

  it("stops on a source that never ends instead of reading on", async () => {
    const handle = await open("/dev/zero", "r");
    try {
      expect(await readAtMost(handle, 1_000_000)).toBeUndefined();
    } finally {
      await handle.close();
    }
  });
});
