import { MessageChannel, type MessagePort } from "node:worker_threads";
import { crc32, inflateRawSync } from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serveDeflation } from "../../../src/sheet/zip/deflate-helper";
import type { DeflateReply, DeflateRequest } from "../../../src/sheet/zip/deflate-helper-messages";
import { withDeflateHelper, type DeflateHelper } from "../../../src/sheet/zip/helper-deflater";
import { collect, packText, repackPart, textRewriterOf } from "../../../src/sheet/zip/part-text";
import { listZipEntries } from "../../../src/sheet/zip/zip-guard";
import { zip } from "../../helpers/zip-writer";
import { batchStream, deflateScribblingOverRecycled } from "../../helpers/recycled-deflate";
import { platformCodecs, useZipCodecs, type ZipCodecs } from "../../../src/sheet/zip/zip-codecs";

const openPorts: MessagePort[] = [];

/** A helper serving on one end of a channel, as the deflate worker serves on its messages; `heard` logs requests. */
function helperOverChannel(heard: DeflateRequest[] = []): { start: () => DeflateHelper; fail: () => void } {
  const { port1, port2 } = new MessageChannel();
  openPorts.push(port1, port2);
  serveDeflation({
    send: (message, transfer) => port1.postMessage(message, transfer),
    listen: (onMessage) =>
      port1.on("message", (message: DeflateRequest) => {
        heard.push(message);
        onMessage(message);
      }),
  });
  let onFailure = () => {};
  return {
    start: () => ({
      send: (message, transfer) => port2.postMessage(message, transfer),
      listen: (onMessage) => port2.on("message", (message: DeflateReply) => onMessage(message)),
      onFailure: (listener) => void (onFailure = listener),
      stop: () => port2.close(),
    }),
    fail: () => onFailure(),
  };
}

/**
 * Deflates `batches` through `codecs` as a part of `expectedBytes`, each batch in a buffer of its own as the part
 * packer hands them on, and checks the CRC-32 and size the deflater counted.
 */
async function deflate(
  codecs: ZipCodecs,
  batches: readonly Uint8Array[],
  expectedBytes = 1 << 20,
): Promise<Uint8Array> {
  const deflater = codecs.deflater(expectedBytes);
  const packed = await collect(batchStream(batches).pipeThrough(deflater));
  const whole = joined(batches);
  expect(deflater.counted()).toEqual({ crc32: crc32(whole), size: whole.length });
  return packed;
}

const textBatches = (count: number, size: number) =>
  Array.from({ length: count }, (_, b) =>
    new TextEncoder().encode(
      Array.from({ length: size }, (_, i) => String.fromCharCode(32 + (((b * size + i) * 7919) % 95))).join(""),
    ),
  );
const joined = (batches: readonly Uint8Array[]) => Buffer.concat(batches.map((batch) => Buffer.from(batch)));

afterEach(() => {
  for (const port of openPorts.splice(0)) port.close();
  useZipCodecs(platformCodecs);
});

describe("deflating in a helper", () => {
  it("gives bytes that inflate to what was written, for streams one after another and side by side", async () => {
    const codecs = withDeflateHelper(platformCodecs, helperOverChannel().start);
    const first = textBatches(9, 300_000);
    const second = textBatches(2, 70_001);
    const [a, b] = await Promise.all([deflate(codecs, first), deflate(codecs, second)]);
    expect(inflateRawSync(a).equals(joined(first))).toBe(true);
    expect(inflateRawSync(b).equals(joined(second))).toBe(true);
    expect(inflateRawSync(await deflate(codecs, [])).length).toBe(0);
  });

  it("drops a stream aborted part way, and deflates the streams after it afresh", async () => {
    const replies: DeflateReply[] = [];
    const helper = helperOverChannel();
    const codecs = withDeflateHelper(platformCodecs, () => {
      const started = helper.start();
      return {
        ...started,
        listen: (onMessage) =>
          started.listen((reply) => {
            replies.push(reply);
            onMessage(reply);
          }),
      };
    });
    const abandoned = codecs.deflater(1 << 20);
    const writer = abandoned.writable.getWriter();
    for (const batch of textBatches(2, 400_000)) await writer.write(batch as Uint8Array<ArrayBuffer>);
    await writer.abort(new Error("the write was stopped"));
    const next = textBatches(3, 350_000);
    expect(inflateRawSync(await deflate(codecs, next)).equals(joined(next))).toBe(true);
    const after = textBatches(2, 300_000);
    expect(inflateRawSync(await deflate(codecs, after)).equals(joined(after))).toBe(true);
    // The aborted stream (the first) never ends; the two after it each end once.
    expect(replies.filter((reply) => reply.kind === "done").map((reply) => reply.stream)).toEqual([1, 2]);
  });

  it("gives each batch back once it has taken it, and what it deflates is not changed by its reuse", async () => {
    const codecs = withDeflateHelper(platformCodecs, helperOverChannel().start);
    const batches = textBatches(7, 250_000);
    const { packed, givenBack } = await deflateScribblingOverRecycled(codecs, batches);
    expect(inflateRawSync(packed).equals(joined(batches))).toBe(true);
    expect(givenBack).toBe(7);
  });

  it("gives batches back in this thread too, when the part is too small for the helper", async () => {
    const codecs = withDeflateHelper(platformCodecs, helperOverChannel().start);
    const batches = textBatches(3, 1000);
    const { packed, givenBack } = await deflateScribblingOverRecycled(codecs, batches, 3000);
    expect(inflateRawSync(packed).equals(joined(batches))).toBe(true);
    expect(givenBack).toBe(3);
  });

  it("never has more than three batches waiting for the helper to take them", async () => {
    const heard: DeflateRequest[] = [];
    const helper = helperOverChannel(heard);
    let sentAhead = 0;
    const codecs = withDeflateHelper(platformCodecs, () => {
      const started = helper.start();
      return {
        ...started,
        send: (message, transfer) => {
          if (message.kind === "chunk") sentAhead++;
          started.send(message, transfer);
        },
        listen: (onMessage) =>
          started.listen((reply) => {
            if (reply.kind === "taken") {
              expect(sentAhead).toBeLessThanOrEqual(3);
              sentAhead--;
            }
            onMessage(reply);
          }),
      };
    });
    const batches = textBatches(12, 200_000);
    expect(inflateRawSync(await deflate(codecs, batches)).equals(joined(batches))).toBe(true);
    expect(heard.filter((request) => request.kind === "chunk")).toHaveLength(12);
  });

  it("repacks a large part through the helper, and packs small ones in this thread without starting it", async () => {
    const heard: DeflateRequest[] = [];
    const helper = helperOverChannel(heard);
    let starts = 0;
    useZipCodecs(
      withDeflateHelper(platformCodecs, () => {
        starts++;
        return helper.start();
      }),
    );
    const small = "<row>Köln</row>".repeat(1000);
    expect(inflateRawSync(Buffer.concat((await packText("xl/styles.xml", [small])).packed)).toString()).toBe(small);
    expect(starts).toBe(0);
    const large = "<row>Köln</row>".repeat(100_000);
    const bytes = new Uint8Array(zip([{ name: "xl/worksheets/sheet1.xml", data: Buffer.from(large) }]));
    const [entry] = listZipEntries(bytes, "large.xlsx");
    const part = await repackPart(bytes, entry as NonNullable<typeof entry>, (out) =>
      textRewriterOf({ push: (text) => text, finish: () => "" }, out),
    );
    expect(inflateRawSync(Buffer.concat(part.packed)).toString()).toBe(large);
    expect([starts, heard.some((request) => request.kind === "chunk")]).toEqual([1, true]);
  });

  it("deflates parts under a megabyte in this thread", async () => {
    let starts = 0;
    const codecs = withDeflateHelper(platformCodecs, () => {
      starts++;
      throw new Error("not to be started");
    });
    const batches = textBatches(3, 1000);
    expect(inflateRawSync(await deflate(codecs, batches, 3000)).equals(joined(batches))).toBe(true);
    expect(starts).toBe(0);
  });

  it("deflates in this thread where no helper can start", async () => {
    const codecs = withDeflateHelper(platformCodecs, () => {
      throw new Error("no workers here");
    });
    const batches = textBatches(2, 1000);
    expect(inflateRawSync(await deflate(codecs, batches)).equals(joined(batches))).toBe(true);
  });

  it("fails the deflation under way when the helper stops, and deflates in this thread after", async () => {
    const helper = helperOverChannel();
    let starts = 0;
    const codecs = withDeflateHelper(platformCodecs, () => {
      starts++;
      return helper.start();
    });
    const transform = codecs.deflater(1 << 20);
    const writer = transform.writable.getWriter();
    const written = collect(transform.readable);
    await writer.write(new Uint8Array(10));
    helper.fail();
    await expect(written).rejects.toThrow("the deflate helper stopped");
    const batches = textBatches(1, 500);
    expect(inflateRawSync(await deflate(codecs, batches)).equals(joined(batches))).toBe(true);
    expect(starts).toBe(1);
  });

  it("starts the helper ahead of a write when asked, and the write deflates through that same helper", async () => {
    const heard: DeflateRequest[] = [];
    const helper = helperOverChannel(heard);
    let starts = 0;
    const codecs = withDeflateHelper(platformCodecs, () => {
      starts++;
      return helper.start();
    });
    await codecs.prepareDeflater?.();
    expect(starts).toBe(1);
    const batches = textBatches(3, 400_000);
    expect(inflateRawSync(await deflate(codecs, batches)).equals(joined(batches))).toBe(true);
    expect(starts).toBe(1);
    expect(heard.map((request) => request.kind)).toEqual(["ready", "chunk", "chunk", "chunk", "end"]);
  });

  it("stops a helper started ahead of a write that never comes, as it stops an idle one", () => {
    vi.useFakeTimers();
    try {
      let stops = 0;
      const helper = helperOverChannel();
      const codecs = withDeflateHelper(platformCodecs, () => ({ ...helper.start(), stop: () => void stops++ }));
      codecs.prepareDeflater?.();
      vi.advanceTimersByTime(9_000);
      expect(stops).toBe(0);
      vi.advanceTimersByTime(2_000);
      expect(stops).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("asked to get ready where no helper can start, deflates in this thread as before", async () => {
    const codecs = withDeflateHelper(platformCodecs, () => {
      throw new Error("no workers here");
    });
    await codecs.prepareDeflater?.();
    const batches = textBatches(2, 600_000);
    expect(inflateRawSync(await deflate(codecs, batches)).equals(joined(batches))).toBe(true);
  });
});
