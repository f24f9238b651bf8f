import { describe, expect, it } from "vitest";
import type { ApiResult, VendorClient } from "../../../src/api";
import { createAssetFacts } from "../../../src/app/assets/asset-facts";
import type { AssetFiles, AssetJobs } from "../../../src/core/vendor";

/** A vendor whose answers the test releases by hand, counting what is asked and how much at once. */
function slowVendor() {
  const waiting: (() => void)[] = [];
  const asked: string[] = [];
  let inFlight = 0;
  let most = 0;
  const answer = <T>(value: T, path: string): Promise<ApiResult<T>> => {
    asked.push(path);
    inFlight++;
    most = Math.max(most, inFlight);
    return new Promise((resolve) =>
      waiting.push(() => {
        inFlight--;
        resolve(
          path.includes("MISSING")
            ? { ok: false, problem: { kind: "http", status: 404, title: "Not Found" } as never }
            : { ok: true, status: 200, value },
        );
      }),
    );
  };
  const client = {
    getAssetJobs: (tag: string) =>
      answer<AssetJobs>(
        {
          assetCode: tag,
          jobs: [
            {
              jobNumber: 7,
              orderNumber: "PO-7",
              description: null,
              quantity: 30,
              dateOut: "2026-10-01T00:00:00Z",
              masterJobStatus: "Dispatched",
            },
          ],
          totalCount: 1,
        },
        `jobs:${tag}`,
      ),
    getAssetFiles: (tag: string) =>
      answer<AssetFiles>({ assetTag: tag, currentFiles: [], historicFiles: [] }, `files:${tag}`),
  } as unknown as VendorClient;
  const settle = async () => {
    for (let i = 0; i < 1000 && waiting.length > 0; i++) {
      for (const release of waiting.splice(0)) release();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { client, asked, settle, most: () => most };
}

describe("createAssetFacts", () => {
  it("reads what is wanted once, at most four at a time, and keeps it", async () => {
    const vendor = slowVendor();
    const facts = createAssetFacts(vendor.client);
    const tags = Array.from({ length: 10 }, (_, i) => `A${i}`);
    for (const tag of tags) {
      facts.wantHistory(tag);
      facts.wantHistory(tag);
    }
    expect(facts.history("A0")).toEqual({ value: undefined, loading: true, failed: false });
    await vendor.settle();
    expect(vendor.most()).toBe(4);
    expect(vendor.asked).toEqual(tags.map((tag) => `jobs:${tag}`));
    expect(facts.history("A3").value?.lastOrder).toMatchObject({ jobNumber: 7, quantity: 30, date: "2026-10-01" });
    facts.wantHistory("A3");
    facts.wantFiles("A3");
    await vendor.settle();
    expect(vendor.asked.filter((path) => path.endsWith(":A3"))).toEqual(["jobs:A3", "files:A3"]);
  });

  it("reads a history again once it is old, or whenever a sheet asks for what the vendor says now", async () => {
    const vendor = slowVendor();
    let now = 0;
    const facts = createAssetFacts(vendor.client, () => now);
    facts.wantHistory("A1");
    await vendor.settle();
    now += 60_000;
    facts.wantHistory("A1");
    now += 5 * 60_000;
    facts.wantHistory("A1");
    // While it is read again, the last answer is still shown.
    expect(facts.history("A1")).toMatchObject({ loading: true, value: { jobCount: 1 } });
    await vendor.settle();
    const progress: number[] = [];
    const load = facts.loadHistories(["A1", "A2"], { maxAgeMs: 0, onProgress: (done) => progress.push(done) });
    await vendor.settle();
    await load;
    expect(vendor.asked).toEqual(["jobs:A1", "jobs:A1", "jobs:A1", "jobs:A2"]);
    expect(progress).toEqual([0, 1, 2]);
  });

  it("says when a read failed, and leaves what was not yet asked unasked when stopped", async () => {
    const vendor = slowVendor();
    const facts = createAssetFacts(vendor.client);
    const stop = new AbortController();
    const tags = ["MISSING", ...Array.from({ length: 9 }, (_, i) => `B${i}`)];
    const load = facts.loadHistories(tags, { signal: stop.signal });
    stop.abort();
    await vendor.settle();
    await load;
    expect(vendor.asked).toEqual(["jobs:MISSING", "jobs:B0", "jobs:B1", "jobs:B2"]);
    expect(facts.history("MISSING")).toEqual({ value: undefined, loading: false, failed: true });
    expect(facts.history("B8")).toEqual({ value: undefined, loading: false, failed: false });
    let told = 0;
    const unsubscribe = facts.subscribe(() => told++);
    facts.wantHistory("B8");
    await vendor.settle();
    unsubscribe();
    expect(told).toBeGreaterThan(0);
    expect(facts.history("B8").value?.jobCount).toBe(1);
  });

  it(
    "still reads what a card waits for when a download sharing " +
      "the read is stopped, and tells the page what it dropped",
    async () => {
      const vendor = slowVendor();
      const facts = createAssetFacts(vendor.client);
      const stop = new AbortController();
      const tags = Array.from({ length: 8 }, (_, i) => `C${i}`);
      const load = facts.loadHistories(tags, { signal: stop.signal });
      // A card comes into view while the download has C6 queued, then the download is stopped.
      facts.wantHistory("C6");
      stop.abort();
      let told = 0;
      const unsubscribe = facts.subscribe(() => told++);
      await vendor.settle();
      await load;
      unsubscribe();
      expect(vendor.asked).toEqual(["jobs:C0", "jobs:C1", "jobs:C2", "jobs:C3", "jobs:C6"]);
      expect(facts.history("C6")).toMatchObject({ loading: false, failed: false, value: { jobCount: 1 } });
      // What nobody waits for any more is dropped, and no longer shown as being read.
      expect(facts.history("C7")).toEqual({ value: undefined, loading: false, failed: false });
      expect(told).toBeGreaterThan(0);
    },
  );
});
